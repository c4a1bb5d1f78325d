import type { TPromotion } from '@ezrecharge/shared/schemas/rewards';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ButtonLink } from '../../../components/button-link';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetPromotion } from '../api/get-promotion';
import { useUpdatePromotion } from '../api/save-promotion';
import {
  PROMOTION_FIELDS,
  PromotionForm,
  type TPromotionFormValues,
  toFormValues,
  toPromotionInput,
} from './promotion-form';
import './rewards-admin.css';

function parseId(raw: string | null): number {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** Edit promotion /promotion-edit?id= (issue #16). */
export function PromotionEditPage() {
  const { t } = useTranslation('rewards-admin');
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return (
    <div className="rewards-admin">
      <PageHeader
        title={t('edit.title')}
        description={t('edit.description')}
        back={<BackLink to={listAddress(routePath('promotion'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">{id ? <EditPromotion id={id} /> : <BadId />}</div>
    </div>
  );
}

function BadId() {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="rewards-admin__bad-id">
      {t('oops')}
    </p>
  );
}

function EditPromotion({ id }: { id: number }) {
  const { t } = useTranslation('rewards-admin');
  const promotion = useGetPromotion(id);
  if (promotion.isPending) return <PageLoading />;
  if (promotion.isError) {
    return (
      <LoadFailed
        onRetry={() => void promotion.refetch()}
        back={<ButtonLink to={listAddress(routePath('promotion'))}>{t('form.back')}</ButtonLink>}
      />
    );
  }
  return <EditPromotionForm key={promotion.dataUpdatedAt} promotion={promotion.data} />;
}

function EditPromotionForm({ promotion }: { promotion: TPromotion }) {
  const { t } = useTranslation('rewards-admin');
  const [form] = Form.useForm<TPromotionFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdatePromotion(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: PROMOTION_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('promotion'))),
  });

  return (
    <PromotionForm
      form={form}
      name="promotion-edit"
      initialValues={toFormValues(promotion)}
      pending={update.isPending}
      submitLabel={t('edit.submit')}
      onSubmit={(values) => void update.run({ id: promotion.id, values: toPromotionInput(values) })}
    />
  );
}

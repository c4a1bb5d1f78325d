import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useCreatePromotion } from '../api/save-promotion';
import {
  EMPTY_PROMOTION,
  PROMOTION_FIELDS,
  PromotionForm,
  type TPromotionFormValues,
  toPromotionInput,
} from './promotion-form';
import './rewards-admin.css';

/** Add promotion /promotion-add (issue #16): saved paused, then back to the list. */
export function PromotionAddPage() {
  const { t } = useTranslation('rewards-admin');
  const [form] = Form.useForm<TPromotionFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const create = useToastedMutation(useCreatePromotion(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: PROMOTION_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('promotion'))),
  });

  return (
    <div className="rewards-admin">
      <PageHeader
        title={t('add.title')}
        description={t('add.description')}
        back={<BackLink to={listAddress(routePath('promotion'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">
        <PromotionForm
          form={form}
          name="promotion-add"
          initialValues={EMPTY_PROMOTION}
          pending={create.isPending}
          submitLabel={t('add.submit')}
          onSubmit={(values) => void create.run(toPromotionInput(values))}
        />
      </div>
    </div>
  );
}

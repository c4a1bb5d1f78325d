import type { TFaq } from '@ezrecharge/shared/schemas/support';
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
import { useGetFaq } from '../api/get-faq';
import { useUpdateFaq } from '../api/update-faq';
import { FAQ_FIELDS, FaqForm, type TFaqFormValues, toFaqInput } from './faq-form';
import './faq-admin.css';

function parseId(raw: string | null): number {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** Edit FAQ /faq-edit?id= (SPEC.md §2, §5, §8). */
export function FaqEditPage() {
  const { t } = useTranslation('faq-admin');
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return (
    <div className="faq-admin">
      <PageHeader
        title={t('edit.title')}
        description={t('edit.description')}
        back={<BackLink to={listAddress(routePath('faq-admin'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">{id ? <EditFaq id={id} /> : <BadId />}</div>
    </div>
  );
}

function BadId() {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="faq-admin__bad-id">
      {t('oops')}
    </p>
  );
}

function EditFaq({ id }: { id: number }) {
  const { t } = useTranslation('faq-admin');
  const faq = useGetFaq(id);
  if (faq.isPending) return <PageLoading />;
  if (faq.isError) {
    return (
      <LoadFailed
        onRetry={() => void faq.refetch()}
        back={<ButtonLink to={listAddress(routePath('faq-admin'))}>{t('form.back')}</ButtonLink>}
      />
    );
  }
  return <EditFaqForm key={faq.dataUpdatedAt} faq={faq.data} />;
}

function EditFaqForm({ faq }: { faq: TFaq }) {
  const { t } = useTranslation('faq-admin');
  const [form] = Form.useForm<TFaqFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdateFaq(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: FAQ_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('faq-admin'))),
  });

  return (
    <FaqForm
      form={form}
      name="faq-edit"
      initialValues={{
        module_en: faq.module_en,
        module_zh: faq.module_zh,
        question_en: faq.question_en,
        question_zh: faq.question_zh,
        answer_en: faq.answer_en,
        answer_zh: faq.answer_zh,
      }}
      pending={update.isPending}
      submitLabel={t('edit.submit')}
      onSubmit={(values) => void update.run({ id: faq.id, values: toFaqInput(values) })}
    />
  );
}

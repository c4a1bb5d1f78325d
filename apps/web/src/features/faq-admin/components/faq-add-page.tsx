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
import { useCreateFaq } from '../api/create-faq';
import { EMPTY_FAQ, FAQ_FIELDS, FaqForm, type TFaqFormValues, toFaqInput } from './faq-form';
import './faq-admin.css';

/** Add FAQ /faq-add (SPEC.md §2, §5, §8): 'FAQ Add Successfully!' and back to the list. */
export function FaqAddPage() {
  const { t } = useTranslation('faq-admin');
  const [form] = Form.useForm<TFaqFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const create = useToastedMutation(useCreateFaq(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: FAQ_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('faq-admin'))),
  });

  return (
    <div className="faq-admin">
      <PageHeader
        title={t('add.title')}
        description={t('add.description')}
        back={<BackLink to={listAddress(routePath('faq-admin'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">
        <FaqForm
          form={form}
          name="faq-add"
          initialValues={EMPTY_FAQ}
          pending={create.isPending}
          submitLabel={t('add.submit')}
          onSubmit={(values) => void create.run(toFaqInput(values))}
        />
      </div>
    </div>
  );
}

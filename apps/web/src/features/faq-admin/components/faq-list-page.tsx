import { PlusOutlined } from '@ant-design/icons';
import { type TFaq, ZFaqListQuery } from '@ezrecharge/shared/schemas/support';
import { Input, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdminList,
  DeleteRowButton,
  EditRowLink,
  type TRowActions,
  useConfirmDelete,
  useListQuery,
} from '../../../components/admin-list';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useDeleteFaq } from '../api/delete-faq';
import { useGetFaqs } from '../api/get-faqs';
import './faq-admin.css';

/** A value in English above its Chinese counterpart; long texts are cut at two lines, in full on hover. */
function Bilingual({ en, zh }: { en: string; zh: string }) {
  const { t } = useTranslation('faq-admin');
  return (
    <div className="faq-admin__pair">
      <div className="faq-admin__line">
        <abbr className="faq-admin__lang" title={t('form.en')}>
          {t('list.enShort')}
        </abbr>
        <span className="faq-admin__text" lang="en" title={en}>
          {en}
        </span>
      </div>
      <div className="faq-admin__line">
        <abbr className="faq-admin__lang" title={t('form.zh')}>
          {t('list.zhShort')}
        </abbr>
        <span className="faq-admin__text" lang="zh-CN" title={zh}>
          {zh}
        </span>
      </div>
    </div>
  );
}

/** FAQ admin list /faq-admin (SPEC.md §2, §5, §8, §9): module filters, both languages, add, edit, delete, paging. */
export function FaqListPage() {
  const { t } = useTranslation(['faq-admin', 'common']);
  const list = useListQuery(ZFaqListQuery);
  const faqs = useGetFaqs(list.query);
  const remove = useDeleteFaq();
  const popup = useErrorPopup();
  const askDelete = useConfirmDelete();

  const deleteFaq = async (faq: TFaq): Promise<void> => {
    try {
      await remove.mutateAsync(faq.id);
    } catch (error) {
      // A refusal (400) shows the server's message; other failures were toasted by the API client.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    toast.success(t('deleted'));
  };

  const confirmDelete = (faq: TFaq): void => {
    askDelete(() => deleteFaq(faq));
  };

  const columns: TableColumnsType<TFaq> = [
    {
      key: 'module',
      title: t('columns.module'),
      width: 160,
      render: (_value, faq) => <Bilingual en={faq.module_en} zh={faq.module_zh} />,
    },
    {
      key: 'question',
      title: t('columns.question'),
      width: 260,
      render: (_value, faq) => <Bilingual en={faq.question_en} zh={faq.question_zh} />,
    },
    {
      key: 'answer',
      title: t('columns.answer'),
      render: (_value, faq) => <Bilingual en={faq.answer_en} zh={faq.answer_zh} />,
    },
  ];

  const actions: TRowActions<TFaq> = {
    title: t('columns.actions'),
    width: 210,
    render: (faq) => (
      <Space size={4} wrap>
        <EditRowLink
          className="faq-admin__action"
          to={routePath('faq-edit', { id: faq.id })}
          label={t('actions.editFaq', { question: faq.question_en })}
        >
          {t('actions.edit')}
        </EditRowLink>
        <DeleteRowButton
          label={t('actions.deleteFaq', { question: faq.question_en })}
          onClick={() => confirmDelete(faq)}
        >
          {t('actions.delete')}
        </DeleteRowButton>
      </Space>
    ),
  };

  return (
    <div className="faq-admin">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          <ButtonLink type="primary" icon={<PlusOutlined aria-hidden="true" />} to={routePath('faq-add')}>
            {t('list.add')}
          </ButtonLink>
        }
      />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={faqs}
          name="faq-filters"
          filtersLabel={t('list.filters')}
          filters={[
            {
              name: 'module_en',
              label: t('fields.module_en'),
              control: <Input allowClear autoComplete="off" lang="en" />,
            },
            {
              name: 'module_zh',
              label: t('fields.module_zh'),
              control: <Input allowClear autoComplete="off" lang="zh-CN" />,
            },
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={900}
        />
      </div>
    </div>
  );
}

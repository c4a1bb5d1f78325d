import { type TFaq, ZFaqListQuery } from '@ezrecharge/shared/schemas/support';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdminListPage,
  deleteAction,
  editAction,
  type TRowActions,
  textFilter,
  useListQuery,
} from '../../../components/admin-list';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useDeleteFaq } from '../api/delete-faq';
import { useGetFaqs } from '../api/get-faqs';
import { Bilingual } from './bilingual';
import './faq-admin.css';

/** FAQ admin list /faq-admin (SPEC.md §2, §5, §8, §9): module filters, both languages, add, edit, delete, paging. */
export function FaqListPage() {
  const { t } = useTranslation(['faq-admin', 'common']);
  const { t: texts } = useTranslation('faq-admin', { keyPrefix: 'list' });
  const list = useListQuery(ZFaqListQuery);
  const faqs = useGetFaqs(list.query);
  const remove = useToastedMutation(useDeleteFaq(), { success: t('deleted') });

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
    items: [
      editAction({
        label: t('actions.edit'),
        name: (faq) => t('actions.editFaq', { question: faq.question_en }),
        to: (faq) => routePath('faq-edit', { id: faq.id }),
      }),
      deleteAction({
        label: t('actions.delete'),
        name: (faq) => t('actions.deleteFaq', { question: faq.question_en }),
        onRun: (faq) => remove.run(faq.id),
      }),
    ],
  };

  return (
    <AdminListPage
      className="faq-admin"
      texts={texts}
      addTo={routePath('faq-add')}
      list={list}
      rows={faqs}
      name="faq-filters"
      filters={[
        textFilter('module_en', t('fields.module_en'), 'en'),
        textFilter('module_zh', t('fields.module_zh'), 'zh-CN'),
      ]}
      columns={columns}
      actions={actions}
      scrollX={900}
      cards={{ lead: ['question'] }}
    />
  );
}

import { CheckCircleOutlined } from '@ant-design/icons';
import { type TFeedback, ZFeedbackListQuery } from '@ezrecharge/shared/schemas/support';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminListPage, confirmation, type TRowActions, useListQuery } from '../../../components/admin-list';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetFeedbackList } from '../api/get-feedback-list';
import { useHandleFeedback } from '../api/handle-feedback';
import { useFeedbackColumns } from './feedback-columns';
import './feedback-admin.css';

const STATUS_FILTERS: readonly { value: '' | 'true' | 'false'; key: string }[] = [
  { value: '', key: 'all' },
  { value: 'false', key: 'pending' },
  { value: 'true', key: 'resolved' },
];

/**
 * Feedback list /feedback (SPEC.md §2, §4, §8, §9): status filter, the messages of both public forms as text, and
 * a handle action on pending rows that turns them Resolved.
 */
export function FeedbackListPage() {
  const { t } = useTranslation(['feedback-admin', 'common']);
  const { t: texts } = useTranslation('feedback-admin', { keyPrefix: 'list' });
  const list = useListQuery(ZFeedbackListQuery);
  const feedbacks = useGetFeedbackList(list.query);
  const columns = useFeedbackColumns();
  // SPEC.md §7: the response message is shown. Already handled (400) says so in the popup.
  const handle = useToastedMutation(useHandleFeedback(), { success: (message) => message });

  const actions: TRowActions<TFeedback> = {
    title: t('columns.actions'),
    width: 150,
    fixed: true,
    items: [
      {
        key: 'handle',
        label: t('actions.handle'),
        name: (feedback) => t('actions.handleFrom', { name: feedback.name }),
        icon: CheckCircleOutlined,
        shownIf: (feedback) => !feedback.deleted,
        confirm: (feedback) => confirmation(t, 'confirm', { name: feedback.name }),
        onRun: (feedback) => handle.run(feedback.id),
      },
    ],
  };

  return (
    <AdminListPage
      className="feedback-admin"
      texts={texts}
      list={list}
      rows={feedbacks}
      name="feedback-filters"
      applyOnChange
      filters={[
        {
          name: 'status',
          label: t('columns.status'),
          empty: '',
          control: (
            <Radio.Group
              aria-label={t('columns.status')}
              optionType="button"
              buttonStyle="solid"
              options={STATUS_FILTERS.map(({ value, key }) => ({ value, label: t(`filter.${key}`) }))}
            />
          ),
        },
      ]}
      columns={columns}
      actions={actions}
      scrollX={1440}
      cards={{ lead: ['status', 'name'] }}
    />
  );
}

import { CheckCircleOutlined } from '@ant-design/icons';
import { type TFeedback, ZFeedbackListQuery } from '@ezrecharge/shared/schemas/support';
import { App, Badge, Button, Radio, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminList, type TRowActions, useListQuery } from '../../../components/admin-list';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useGetFeedbackList } from '../api/get-feedback-list';
import { useHandleFeedback } from '../api/handle-feedback';
import { ExpandableText } from './expandable-text';
import './feedback-admin.css';

const STATUS_FILTERS: readonly { value: '' | 'true' | 'false'; key: string }[] = [
  { value: '', key: 'all' },
  { value: 'false', key: 'pending' },
  { value: 'true', key: 'resolved' },
];

/** Shown for a value the visitor left empty (or the form did not ask for). */
function Blank() {
  const { t } = useTranslation('feedback-admin');
  return <span className="feedback-admin__blank">{t('list.blank')}</span>;
}

/**
 * Feedback list /feedback (SPEC.md §2, §4, §8, §9): status filter, the messages of both public forms as text, and
 * a handle action on pending rows that turns them Resolved.
 */
export function FeedbackListPage() {
  const { t } = useTranslation(['feedback-admin', 'common']);
  const list = useListQuery(ZFeedbackListQuery);
  const feedbacks = useGetFeedbackList(list.query);
  const handle = useHandleFeedback();
  const popup = useErrorPopup();
  const { modal } = App.useApp();
  const dateFormat = t('dateFormat');
  const formatTime = (value: string): string => dayjs(value).format(dateFormat);

  const resolve = async (feedback: TFeedback): Promise<void> => {
    let message: string;
    try {
      message = await handle.mutateAsync(feedback.id);
    } catch (error) {
      // Already handled (400) says so in a popup; other failures were toasted by the API client.
      if (!isApiError(error) || !error.toasted) {
        popup(errorText(error));
      }
      return;
    }
    // SPEC.md §7: the response message is shown (in the active language: see api-client's `api`).
    toast.success(message);
  };

  const confirmResolve = (feedback: TFeedback): void => {
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.text', { name: feedback.name }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      centered: true,
      onOk: () => resolve(feedback),
    });
  };

  // Who wrote, whether it is handled and what they wrote lead, so that they are in view on a laptop (issue #13).
  const columns: TableColumnsType<TFeedback> = [
    {
      key: 'name',
      title: t('columns.name'),
      width: 160,
      fixed: 'start',
      render: (_value, feedback) => (
        <div className="feedback-admin__name">
          <span className="feedback-admin__text">{feedback.name}</span>
          <Tag className="feedback-admin__source" color={feedback.source === 'contact' ? 'blue' : 'purple'}>
            {t(`sources.${feedback.source}`)}
          </Tag>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 140,
      render: (_value, feedback) =>
        feedback.deleted ? (
          <div className="feedback-admin__status">
            <Badge status="success" text={t('status.resolved')} />
            {feedback.handled_at && (
              <time className="feedback-admin__handled" dateTime={feedback.handled_at}>
                {formatTime(feedback.handled_at)}
              </time>
            )}
          </div>
        ) : (
          <Badge status="warning" text={t('status.pending')} />
        ),
    },
    {
      key: 'message',
      title: t('columns.message'),
      width: 280,
      render: (_value, feedback) => <ExpandableText text={feedback.comment} />,
    },
    {
      key: 'created_at',
      title: t('columns.createdAt'),
      width: 150,
      render: (_value, feedback) => (
        <time dateTime={feedback.created_at}>{formatTime(feedback.created_at)}</time>
      ),
    },
    {
      key: 'email',
      title: t('columns.email'),
      width: 190,
      render: (_value, feedback) =>
        feedback.email ? <span className="feedback-admin__text">{feedback.email}</span> : <Blank />,
    },
    {
      key: 'whatsapp',
      title: t('columns.whatsapp'),
      width: 140,
      render: (_value, feedback) =>
        feedback.whatapp_id ? <span className="feedback-admin__text">{feedback.whatapp_id}</span> : <Blank />,
    },
    {
      key: 'bigo_id',
      title: t('columns.bigoId'),
      width: 120,
      render: (_value, feedback) =>
        feedback.bigo_id ? <span className="feedback-admin__text">{feedback.bigo_id}</span> : <Blank />,
    },
    {
      key: 'role',
      title: t('columns.role'),
      width: 110,
      // The contact form asks for no role; the server's default would read as if the visitor had chosen it.
      render: (_value, feedback) =>
        feedback.source === 'contact' ? <Blank /> : <Tag>{t(`roles.${feedback.role}`)}</Tag>,
    },
  ];

  const actions: TRowActions<TFeedback> = {
    title: t('columns.actions'),
    width: 150,
    fixed: true,
    render: (feedback) =>
      feedback.deleted ? null : (
        <Button
          type="link"
          icon={<CheckCircleOutlined aria-hidden="true" />}
          aria-label={t('actions.handleFrom', { name: feedback.name })}
          onClick={() => confirmResolve(feedback)}
        >
          {t('actions.handle')}
        </Button>
      ),
  };

  return (
    <div className="feedback-admin">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={feedbacks}
          name="feedback-filters"
          filtersLabel={t('list.filters')}
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
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={1440}
          cards={{ lead: ['status', 'name'] }}
        />
      </div>
    </div>
  );
}

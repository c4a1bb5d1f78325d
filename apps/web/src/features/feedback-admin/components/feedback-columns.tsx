import type { TFeedback } from '@ezrecharge/shared/schemas/support';
import { Badge, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { ExpandableText } from './expandable-text';

/** Shown for a value the visitor left empty (or the form did not ask for). */
function Blank() {
  const { t } = useTranslation('feedback-admin');
  return <span className="feedback-admin__blank">{t('list.blank')}</span>;
}

/** The columns of the feedback list: who wrote and how to reach them, whether it is handled, what they wrote. */
export function useFeedbackColumns(): TableColumnsType<TFeedback> {
  const { t } = useTranslation('feedback-admin');
  const dateFormat = t('dateFormat');
  const formatTime = (value: string): string => dayjs(value).format(dateFormat);

  // Who wrote, whether it is handled and what they wrote lead, so that they are in view on a laptop (issue #13).
  return [
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
}

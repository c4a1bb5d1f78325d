import { ZFeedback, ZFeedbackListQuery } from '@ezrecharge/shared/schemas/support';
import { listQueryHook } from '../../../components/admin-list';

export const feedbackQueryKey = ['feedback-admin'] as const;

/**
 * GET /api/v1/feedback/?page&page_size&status (superuser): one page of messages, newest first. The status filter:
 * absent or '' all, 'true' resolved, 'false' pending.
 */
export const useGetFeedbackList = listQueryHook({
  path: '/api/v1/feedback/',
  item: ZFeedback,
  filters: ZFeedbackListQuery,
  key: feedbackQueryKey,
});

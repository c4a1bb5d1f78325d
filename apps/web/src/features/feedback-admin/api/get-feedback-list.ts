import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZFeedback } from '@ezrecharge/shared/schemas/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC.md §2 status filter: '' all, 'true' resolved, 'false' pending. */
export type TFeedbackStatusFilter = '' | 'true' | 'false';

export interface TFeedbackListParams {
  page: number;
  pageSize: number;
  status: TFeedbackStatusFilter;
}

export const DEFAULT_FEEDBACK_LIST_PARAMS: TFeedbackListParams = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  status: '',
};

const ZFeedbackPage = envelope(pageOf(ZFeedback));

/** GET /api/v1/feedback/?page&page_size&status (superuser): one page of messages, newest first. */
export async function getFeedbackList(params: TFeedbackListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/feedback/', {
    query: { page: params.page, page_size: params.pageSize, status: params.status },
    signal,
    parse: (value) => ZFeedbackPage.parse(value),
  });
  return body.data;
}

export const feedbackQueryKey = ['feedback-admin'] as const;

export const getFeedbackListQueryOptions = (params: TFeedbackListParams) =>
  queryOptions({
    queryKey: [...feedbackQueryKey, 'list', params],
    queryFn: ({ signal }) => getFeedbackList(params, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetFeedbackList(params: TFeedbackListParams) {
  return useQuery(getFeedbackListQueryOptions(params));
}

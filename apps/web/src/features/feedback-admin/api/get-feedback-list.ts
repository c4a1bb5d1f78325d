import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZFeedback, type ZFeedbackListQuery } from '@ezrecharge/shared/schemas/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';

/** Page, size and the ZFeedbackListQuery status filter: absent or '' all, 'true' resolved, 'false' pending. */
export type TFeedbackListQuery = TListQuery<z.output<typeof ZFeedbackListQuery>>;

const ZFeedbackPage = envelope(pageOf(ZFeedback));

/** GET /api/v1/feedback/?page&page_size&status (superuser): one page of messages, newest first. */
export async function getFeedbackList(query: TFeedbackListQuery, signal?: AbortSignal) {
  const body = await api.get('/api/v1/feedback/', {
    query: { page: query.page, page_size: query.pageSize, status: query.filters.status },
    signal,
    parse: (value) => ZFeedbackPage.parse(value),
  });
  return body.data;
}

export const feedbackQueryKey = ['feedback-admin'] as const;

export const getFeedbackListQueryOptions = (query: TFeedbackListQuery) =>
  queryOptions({
    queryKey: [...feedbackQueryKey, 'list', query],
    queryFn: ({ signal }) => getFeedbackList(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetFeedbackList(query: TFeedbackListQuery) {
  return useQuery(getFeedbackListQueryOptions(query));
}

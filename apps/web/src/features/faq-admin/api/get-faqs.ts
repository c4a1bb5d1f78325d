import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZFaq, type ZFaqListQuery } from '@ezrecharge/shared/schemas/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';

/** Page, size and the ZFaqListQuery filters (module in English, in Chinese). */
export type TFaqListQuery = TListQuery<z.output<typeof ZFaqListQuery>>;

const ZFaqPage = envelope(pageOf(ZFaq));

/** GET /api/v1/faq/?module_en&module_zh&page&page_size (superuser): one page of FAQ entries, newest first. */
export async function getFaqs(query: TFaqListQuery, signal?: AbortSignal) {
  const body = await api.get('/api/v1/faq/', {
    query: {
      page: query.page,
      page_size: query.pageSize,
      module_en: query.filters.module_en,
      module_zh: query.filters.module_zh,
    },
    signal,
    parse: (value) => ZFaqPage.parse(value),
  });
  return body.data;
}

/** Every FAQ admin query; the public FAQ has keys of its own and is fetched afresh on each visit. */
export const faqsQueryKey = ['faq-admin'] as const;

export const getFaqsQueryOptions = (query: TFaqListQuery) =>
  queryOptions({
    queryKey: [...faqsQueryKey, 'list', query],
    queryFn: ({ signal }) => getFaqs(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetFaqs(query: TFaqListQuery) {
  return useQuery(getFaqsQueryOptions(query));
}

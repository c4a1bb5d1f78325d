import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZFaq } from '@ezrecharge/shared/schemas/support';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TFaqListParams {
  page: number;
  pageSize: number;
  moduleEn: string;
  moduleZh: string;
}

export const DEFAULT_FAQ_LIST_PARAMS: TFaqListParams = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  moduleEn: '',
  moduleZh: '',
};

const ZFaqPage = envelope(pageOf(ZFaq));

/** GET /api/v1/faq/?module_en&module_zh&page&page_size (superuser): one page of FAQ entries, newest first. */
export async function getFaqs(params: TFaqListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/faq/', {
    query: {
      page: params.page,
      page_size: params.pageSize,
      module_en: params.moduleEn,
      module_zh: params.moduleZh,
    },
    signal,
    parse: (value) => ZFaqPage.parse(value),
  });
  return body.data;
}

/** Every FAQ admin query; the public FAQ has keys of its own and is fetched afresh on each visit. */
export const faqsQueryKey = ['faq-admin'] as const;

export const getFaqsQueryOptions = (params: TFaqListParams) =>
  queryOptions({
    queryKey: [...faqsQueryKey, 'list', params],
    queryFn: ({ signal }) => getFaqs(params, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetFaqs(params: TFaqListParams) {
  return useQuery(getFaqsQueryOptions(params));
}

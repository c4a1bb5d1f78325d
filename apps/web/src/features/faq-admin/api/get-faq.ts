import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZFaq } from '@ezrecharge/shared/schemas/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { faqsQueryKey } from './get-faqs';

const ZFaqBody = envelope(ZFaq);

/** GET /api/v1/faq/{id} (superuser). */
export async function getFaq(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/v1/faq/${id}`, { signal, parse: (value) => ZFaqBody.parse(value) });
  return body.data;
}

export const getFaqQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...faqsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getFaq(id, signal),
    staleTime: 0,
  });

export function useGetFaq(id: number) {
  return useQuery(getFaqQueryOptions(id));
}

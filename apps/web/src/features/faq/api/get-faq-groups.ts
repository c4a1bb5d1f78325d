import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TLanguage } from '../../../lib/i18n';
import { parseEnvelopeWith, supportSchemas } from '../../../lib/lazy-schemas';

/** GET /api/v1/faq/list?lang_type= (public): the FAQ in one language, grouped by module. */
export async function getFaqGroups(language: TLanguage, signal?: AbortSignal) {
  const body = await api.get('/api/v1/faq/list', {
    query: { lang_type: language },
    signal,
    parse: parseEnvelopeWith(supportSchemas, (m) => m.ZFaqGroups),
  });
  return body.data;
}

export const getFaqGroupsQueryOptions = (language: TLanguage) =>
  queryOptions({
    queryKey: ['faq', 'groups', language],
    queryFn: ({ signal }) => getFaqGroups(language, signal),
    // Fetched afresh on every visit, so an entry the operator just added shows at once.
    staleTime: 0,
  });

export function useGetFaqGroups(language: TLanguage) {
  return useQuery(getFaqGroupsQueryOptions(language));
}

import { envelope, pageOf, type TPage } from '@ezrecharge/shared/schemas/api';
import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type TQueryValue } from '../../lib/api-client';
import type { TFilterSchema, TListQuery } from './list-query';

/** The address parameters of a list request. */
type TParams = Record<string, TQueryValue>;

export interface TListEndpoint<
  S extends TFilterSchema,
  I extends z.ZodType,
  Q extends TListQuery<z.output<S>>,
> {
  /** GET path of the list (superuser, or the caller's own rows). */
  path: string;
  /** Schema of one row; the answer is the envelope of a page of them. */
  item: I;
  /** The shared filter schema of the list: types the query's filters. */
  filters: S;
  /** Every query of the feature starts with it, so a mutation can invalidate them all. */
  key: readonly unknown[];
  /** The request's parameters; by default page and page size, then the filters, in the schema's order. */
  params?: (query: Q) => TParams;
}

const pageThenFilters = ({ page, pageSize, filters }: TListQuery<object>): TParams => ({
  page,
  page_size: pageSize,
  ...(filters as TParams),
});

/**
 * The hook of an admin list's endpoint: one page of rows for a list query, keyed by the query, the current page
 * kept on screen while the next one loads.
 */
export function listQueryHook<
  S extends TFilterSchema,
  I extends z.ZodType,
  Q extends TListQuery<z.output<S>> = TListQuery<z.output<S>>,
>(endpoint: TListEndpoint<S, I, Q>): (query: Q) => UseQueryResult<TPage<z.output<I>>> {
  const ZPage = envelope(pageOf(endpoint.item));
  const params = endpoint.params ?? pageThenFilters;
  const options = (query: Q) =>
    queryOptions({
      queryKey: [...endpoint.key, 'list', query],
      queryFn: async ({ signal }) => {
        const body = await api.get(endpoint.path, {
          query: params(query),
          signal,
          parse: (value) => ZPage.parse(value),
        });
        return body.data as TPage<z.output<I>>;
      },
      placeholderData: keepPreviousData,
    });
  return function useListPage(query: Q) {
    return useQuery(options(query));
  };
}

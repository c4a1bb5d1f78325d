import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TSales, ZSales } from '@ezrecharge/shared/schemas/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const salesQueryKey = ['sales-admin'] as const;

const ZSalesBody = envelope(ZSales);

/** The range asked for: both days (YYYY-MM-DD, shop time zone) or neither (the server's last 30 days). */
export interface TSalesRange {
  from?: string;
  to?: string;
}

/** GET /api/v1/sales?from&to (superuser): the range's sales figures. */
export async function getSales(range: TSalesRange, signal?: AbortSignal): Promise<TSales> {
  const body = await api.get('/api/v1/sales', {
    signal,
    query: { from: range.from, to: range.to },
    parse: (value) => ZSalesBody.parse(value),
  });
  return body.data;
}

export const getSalesQueryOptions = (range: TSalesRange) =>
  queryOptions({
    queryKey: [...salesQueryKey, range.from ?? null, range.to ?? null],
    queryFn: ({ signal }) => getSales(range, signal),
    staleTime: 60_000,
    // The figures of the previous range stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export function useGetSales(range: TSalesRange) {
  return useQuery(getSalesQueryOptions(range));
}

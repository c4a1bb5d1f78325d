import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZDeadJob, type ZDeadJobListQuery } from '@ezrecharge/shared/schemas/jobs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';

/** Page, size and the ZDeadJobListQuery filter: one kind of job, or all. */
export type TDeadJobListQuery = TListQuery<z.output<typeof ZDeadJobListQuery>>;

const ZDeadJobPage = envelope(pageOf(ZDeadJob));

/** GET /api/v1/jobs/dead?page&page_size&kind (superuser): jobs that ran out of attempts, the latest to die first. */
export async function getDeadJobs(query: TDeadJobListQuery, signal?: AbortSignal) {
  const body = await api.get('/api/v1/jobs/dead', {
    query: { page: query.page, page_size: query.pageSize, kind: query.filters.kind },
    signal,
    parse: (value) => ZDeadJobPage.parse(value),
  });
  return body.data;
}

export const jobsQueryKey = ['jobs-admin'] as const;

export const getDeadJobsQueryOptions = (query: TDeadJobListQuery) =>
  queryOptions({
    queryKey: [...jobsQueryKey, 'dead', query],
    queryFn: ({ signal }) => getDeadJobs(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetDeadJobs(query: TDeadJobListQuery) {
  return useQuery(getDeadJobsQueryOptions(query));
}

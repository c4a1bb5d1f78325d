import { ZDeadJob, ZDeadJobListQuery } from '@ezrecharge/shared/schemas/jobs';
import { listQueryHook } from '../../../components/admin-list';

export const jobsQueryKey = ['jobs-admin'] as const;

/** GET /api/v1/jobs/dead?page&page_size&kind (superuser): jobs that ran out of attempts, the latest to die first. */
export const useGetDeadJobs = listQueryHook({
  path: '/api/v1/jobs/dead',
  item: ZDeadJob,
  filters: ZDeadJobListQuery,
  key: jobsQueryKey,
});

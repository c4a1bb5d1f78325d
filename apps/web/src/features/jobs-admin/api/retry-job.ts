import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZDeadJob } from '@ezrecharge/shared/schemas/jobs';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { jobsQueryKey } from './get-dead-jobs';

const ZRetriedBody = envelope(ZDeadJob);

/**
 * POST /api/v1/jobs/{id}/retry (superuser, audited), no body: queues a dead job again with all its attempts.
 * Resolves with the server's message; a job that is not dead (any more) is refused with 400, an unknown one 404.
 */
export async function retryJob(id: number): Promise<string> {
  const body = await api.post(`/api/v1/jobs/${id}/retry`, { parse: (value) => ZRetriedBody.parse(value) });
  return body.message;
}

/** The list reloads afterwards whether it worked or not: a refused retry means someone else retried it first. */
export const useRetryJob = mutationHook(retryJob, { queryKey: jobsQueryKey, when: 'settled' });

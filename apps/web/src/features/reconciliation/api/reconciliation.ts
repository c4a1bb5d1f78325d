import { envelope } from '@ezrecharge/shared/schemas/api';
import {
  type TReconciliationApplied,
  type TReconciliationDay,
  ZReconciliationApplied,
  ZReconciliationDay,
} from '@ezrecharge/shared/schemas/reconciliation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';

/** Every query of the reconciliation screen, so that a run or an apply reloads the day. */
export const reconciliationQueryKey = ['reconciliation'] as const;

const ZDayBody = envelope(ZReconciliationDay);
const ZAppliedBody = envelope(ZReconciliationApplied);

/** GET /api/v1/reconciliation?date= (superuser): the day's last run, its totals and mismatches (state null: never run). */
export async function getReconciliation(date: string, signal?: AbortSignal): Promise<TReconciliationDay> {
  const body = await api.get('/api/v1/reconciliation', {
    query: { date },
    signal,
    parse: (value) => ZDayBody.parse(value),
  });
  return body.data;
}

export function useGetReconciliation(date: string) {
  return useQuery(
    queryOptions({
      queryKey: [...reconciliationQueryKey, date],
      queryFn: ({ signal }) => getReconciliation(date, signal),
      staleTime: 0,
    }),
  );
}

/** POST /api/v1/reconciliation/run?date= (superuser): reconciles the day now; resolves with the server's message. */
export async function runReconciliation(date: string): Promise<string> {
  const body = await api.post('/api/v1/reconciliation/run', {
    query: { date },
    parse: (value) => ZDayBody.parse(value),
  });
  return body.message;
}

export const useRunReconciliation = mutationHook(runReconciliation, {
  queryKey: reconciliationQueryKey,
  when: 'settled',
});

/**
 * POST /api/v1/reconciliation/mismatches/{id}/apply (superuser, audited): the gateway is asked again about the
 * payment and a "paid" it answers is applied as a notification is.
 */
export async function applyMismatch(id: number): Promise<{ message: string; data: TReconciliationApplied }> {
  return api.post(`/api/v1/reconciliation/mismatches/${id}/apply`, {
    parse: (value) => ZAppliedBody.parse(value),
  });
}

export const useApplyMismatch = mutationHook(applyMismatch, {
  queryKey: reconciliationQueryKey,
  when: 'settled',
});

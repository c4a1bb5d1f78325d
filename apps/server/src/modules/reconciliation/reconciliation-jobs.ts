import { z } from 'zod';
import { defineJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import type { ReconciliationService } from './reconciliation-service';
import { dayBefore, nextMorning, shopDayOf } from './shop-day';

/**
 * Issue #28: each morning, in the shop's time zone, the day before is reconciled. One job for the site, which runs
 * the day and schedules itself for the next morning (as the retention jobs do for the next hour). 06:00 leaves the
 * gateways the night to close their day's records.
 */
export const RECONCILIATION_HOUR = 6;

export const dailyReconciliationJob = defineJob({
  kind: 'reconciliation-daily',
  payload: z.strictObject({}),
  maxAttempts: 10,
  key: () => 'reconciliation-daily',
});

export function dailyReconciliationHandler(deps: {
  reconciliation: ReconciliationService;
  timeZone: string;
  now: () => Date;
}): JobHandler<PayloadOf<typeof dailyReconciliationJob>> {
  return async () => {
    const now = deps.now();
    const day = dayBefore(shopDayOf(now, deps.timeZone));
    const result = await deps.reconciliation.run(day, null);
    return {
      retryAt: nextMorning(now, deps.timeZone, RECONCILIATION_HOUR),
      reason: `reconciled ${day}: ${result.state}; next run tomorrow morning`,
    };
  };
}

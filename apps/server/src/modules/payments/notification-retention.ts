import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import {
  NOTIFICATION_PRUNE_EVERY_MS,
  NOTIFICATION_RETENTION_MS,
  type notificationRetentionJob,
} from './payment-jobs';
import { pruneNotifications } from './payments-repository';

/** The hourly pruning of old payment notifications (see payment-jobs.ts for why it is safe). */
export function notificationRetentionHandler(deps: {
  db: Db;
  now: () => Date;
}): JobHandler<PayloadOf<typeof notificationRetentionJob>> {
  return async (_payload, { log }) => {
    const now = deps.now().getTime();
    const pruned = await pruneNotifications(deps.db, new Date(now - NOTIFICATION_RETENTION_MS));
    if (pruned > 0) log.info({ pruned }, 'pruned old payment notifications');
    return {
      retryAt: new Date(now + NOTIFICATION_PRUNE_EVERY_MS),
      reason: `next pruning in an hour (pruned ${pruned})`,
    };
  };
}

/**
 * What the browser journeys need in the database before the server starts and cannot make through the API in a
 * journey's time (e2e/seeded-jobs.ts says what and why). Run by scripts/e2e-server.mjs with the embedded
 * database's folder, `node --import tsx scripts/e2e-seed.ts <dir>`: it opens that database with the server's own
 * code (migrations included), writes, and closes it again before the server opens it.
 */
import { jobs } from '../apps/server/src/db/schema';
import { openDatabase } from '../apps/server/src/infra/db';
import { SEEDED_JOBS } from '../e2e/seeded-jobs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node --import tsx scripts/e2e-seed.ts <database folder>');

const database = await openDatabase({ kind: 'pglite', dir });
try {
  const { deadReceipt, unfitDelivery } = SEEDED_JOBS;
  await database.db.insert(jobs).values([
    {
      kind: deadReceipt.kind,
      payload: { order_num: deadReceipt.orderNum },
      state: 'dead',
      attempts: deadReceipt.attempts,
      maxAttempts: deadReceipt.attempts,
      lastError: deadReceipt.lastError,
      dedupeKey: `receipt:${deadReceipt.orderNum}`,
    },
    {
      kind: unfitDelivery.kind,
      payload: { orderNum: unfitDelivery.orderNum },
      maxAttempts: unfitDelivery.maxAttempts,
    },
  ]);
} finally {
  await database.close();
}

/**
 * What the browser journeys need in the database before the server starts and cannot make through the API in a
 * journey's time (e2e/seeded-jobs.ts says what and why). Run by scripts/e2e-server.mjs with the embedded
 * database's folder, `node --import tsx scripts/e2e-seed.ts <dir>`: it opens that database with the server's own
 * code (migrations included), writes, and closes it again before the server opens it.
 */
import { loadConfig } from '../apps/server/src/config';
import { jobs, twoFactor, users } from '../apps/server/src/db/schema';
import { seedFirstStart } from '../apps/server/src/db/seed';
import { openDatabase } from '../apps/server/src/infra/db';
import { hashPassword } from '../apps/server/src/infra/passwords';
import { sealTotpSecret } from '../apps/server/src/modules/auth/two-factor-service';
import { SEEDED_ADMINS } from '../e2e/seeded-admins';
import { SEEDED_JOBS } from '../e2e/seeded-jobs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node --import tsx scripts/e2e-seed.ts <database folder>');

// The server's own configuration (scripts/e2e-server.mjs gives both the same environment, APP_SECRET included).
const config = loadConfig();
const appSecret = config.appSecret;
if (!appSecret) throw new Error('scripts/e2e-seed.ts needs the APP_SECRET the server will use');

const database = await openDatabase({ kind: 'pglite', dir });
try {
  // The first start's seed (the superuser `admin`, the catalogue, the FAQ), as the server would write it; then the
  // journeys' own superusers with two-factor sign-in on (e2e/seeded-admins.ts).
  await seedFirstStart(database.db, config);
  for (const admin of Object.values(SEEDED_ADMINS)) {
    const [row] = await database.db
      .insert(users)
      .values({
        username: admin.username,
        passwordHash: await hashPassword(admin.password),
        nickname: admin.username,
        email: admin.email,
        isSuperuser: true,
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`superuser ${admin.username} not written`);
    await database.db.insert(twoFactor).values({
      userId: row.id,
      secretSealed: sealTotpSecret(appSecret, admin.secret),
      enabledAt: new Date(),
    });
  }
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

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './infra/db';
import { seal, unseal } from './infra/sealed';
import { SIGN_IN_CODE_SEAL } from './modules/auth/auth-jobs';
import { SECRET_SEAL } from './modules/auth/two-factor-service';
import { REFUND_BANK_PURPOSE } from './modules/refunds/refunds-common';

/**
 * What `npm run rotate-keys` re-seals (issue #31): every value sealed at rest (infra/sealed.ts), by column and
 * purpose. A new sealed column must be added here, or a rotation leaves it under the old key.
 */
interface Column {
  what: string;
  purpose: string;
  /** Rows with a sealed value: id and the value. */
  select: ReturnType<typeof sql>;
  update: (id: number, value: string) => ReturnType<typeof sql>;
}

const COLUMNS: Column[] = [
  {
    what: 'two-factor secrets',
    purpose: SECRET_SEAL,
    select: sql`select user_id as id, secret_sealed as value from two_factor`,
    update: (id, value) => sql`update two_factor set secret_sealed = ${value} where user_id = ${id}`,
  },
  {
    what: 'refund bank details',
    purpose: REFUND_BANK_PURPOSE,
    select: sql`select id, refund_beneficiary as value from orders where refund_beneficiary is not null`,
    update: (id, value) => sql`update orders set refund_beneficiary = ${value} where id = ${id}`,
  },
  {
    what: 'queued sign-in code e-mails',
    purpose: SIGN_IN_CODE_SEAL,
    select: sql`select id, payload->>'sealed' as value from jobs
                where kind = 'sign-in-code-mail' and state in ('queued', 'running') and payload ? 'sealed'`,
    update: (id, value) =>
      sql`update jobs set payload = jsonb_set(payload, '{sealed}', to_jsonb(${value}::text)) where id = ${id}`,
  },
];

export interface RotationReport {
  what: string;
  resealed: number;
  /** Sealed with no key of the ring: left as they are (their key is gone; see docs/operations.md). */
  unreadable: number;
}

/** Re-seals every sealed value with `newest` (opened with any key of its ring). */
export async function resealAll(db: Db, newest: string): Promise<RotationReport[]> {
  const reports: RotationReport[] = [];
  for (const column of COLUMNS) {
    let resealed = 0;
    let unreadable = 0;
    const rows = await queryRows<{ id: number; value: string | null }>(db, column.select);
    for (const row of rows) {
      if (row.value === null) continue;
      const plain = unseal(newest, column.purpose, row.value);
      if (plain === null) {
        unreadable++;
        continue;
      }
      await db.execute(column.update(Number(row.id), seal(newest, column.purpose, plain)));
      resealed++;
    }
    reports.push({ what: column.what, resealed, unreadable });
  }
  return reports;
}

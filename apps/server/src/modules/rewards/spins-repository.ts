import { ORDER_STATUS, type TPrizeDelivery, type TSpinPrize, type TSpinState } from '@ezrecharge/shared';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { jobs, orders, spinEvents, spinSettings, spins, users } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import type { RowWindow } from '../../infra/db-pages';
import { deliverPrizeJob } from './spins-jobs';

/** Drizzle queries of spins (issue #16). Every function takes the database or a transaction. */

export type SpinRow = typeof spins.$inferSelect;
export type SpinSettingsRow = typeof spinSettings.$inferSelect;
/** A spin with the number of the order that earned it. */
export type SpinWithOrder = SpinRow & { orderNum: string };

/** Orders whose diamonds count towards spins: paid and not refunded (7 paid, 8 charging, 9 delivered, 10 failed). */
const PAID_LIVE = [
  ORDER_STATUS.PAYMENT_COMPLETED,
  ORDER_STATUS.CHARGING,
  ORDER_STATUS.CHARGED,
  ORDER_STATUS.CHARGE_FAILED,
];

export async function readSpinSettings(db: DbOrTx, lock?: 'update' | 'share'): Promise<SpinSettingsRow> {
  const query = db.select().from(spinSettings).where(eq(spinSettings.id, 1)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  // Migration 0008 writes the one row; nothing deletes it.
  if (!row) throw new Error('spin_settings has no row: run the migrations');
  return row;
}

export async function writeSpinSettings(
  db: DbOrTx,
  values: { active: boolean; diamondsPerSpin: number; prizes: TSpinPrize[] },
): Promise<void> {
  await db
    .update(spinSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(spinSettings.id, 1));
}

/** Locks the buyer's account row: every spin grant of one buyer queues here, so two paid orders count once each. */
export async function lockBuyer(tx: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return row !== undefined;
}

/** Diamonds the buyer's paid, unrefunded orders count towards spins. */
export async function spinDiamondsOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.spinDiamonds}), 0)` })
    .from(orders)
    .where(and(eq(orders.createdBy, userId), inArray(orders.orderStatus, PAID_LIVE)));
  return Number(row?.total ?? 0);
}

/** Spins the buyer holds or has used (every state but withdrawn). */
export async function spinsHeld(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(spins)
    .where(and(eq(spins.userId, userId), sql`${spins.state} <> 'withdrawn'`));
  return row?.n ?? 0;
}

export async function lastSeqOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${spins.seq}), 0)::int` })
    .from(spins)
    .where(eq(spins.orderId, orderId));
  return row?.seq ?? 0;
}

export async function insertSpin(
  tx: DbOrTx,
  values: Pick<SpinRow, 'userId' | 'orderId' | 'seq' | 'gameId' | 'buOrderid'>,
): Promise<SpinRow> {
  const [row] = await tx
    .insert(spins)
    .values({ ...values, state: 'pending' })
    .returning();
  if (!row) throw new Error('spin insert returned no row');
  return row;
}

/** Moves the order's spins in `from` to `to` and returns them as they are now. */
export async function setSpinStates(
  tx: DbOrTx,
  orderId: number,
  from: readonly TSpinState[],
  to: TSpinState,
): Promise<SpinRow[]> {
  return tx
    .update(spins)
    .set({ state: to, updatedAt: sql`now()` })
    .where(and(eq(spins.orderId, orderId), inArray(spins.state, [...from])))
    .returning();
}

export async function updateSpin(
  tx: DbOrTx,
  id: number,
  values: Partial<Omit<SpinRow, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<SpinRow> {
  const [row] = await tx
    .update(spins)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(spins.id, id))
    .returning();
  if (!row) throw new Error(`spin ${id} vanished`);
  return row;
}

/** The spin, locked until the transaction ends; only the owner's when `userId` is given. */
export async function lockSpin(tx: DbOrTx, id: number, userId?: number): Promise<SpinRow | undefined> {
  const where = userId === undefined ? eq(spins.id, id) : and(eq(spins.id, id), eq(spins.userId, userId));
  const [row] = await tx.select().from(spins).where(where).for('update');
  return row;
}

export async function writeSpinEvent(
  tx: DbOrTx,
  spinId: number,
  event: { cause: string; actor: string; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(spinEvents).values({ spinId, ...event, detail: event.detail ?? null });
}

/** The recharge mark of the spin's newest event that has one (fulfilment/recharge-record.ts), or null. */
export async function lastPrizeRechargeMark(db: DbOrTx, spinId: number): Promise<string | null> {
  const [last] = await db
    .select({ mark: sql<string | null>`${spinEvents.detail}->>'recharge'` })
    .from(spinEvents)
    .where(and(eq(spinEvents.spinId, spinId), sql`${spinEvents.detail}->>'recharge' is not null`))
    .orderBy(desc(spinEvents.id))
    .limit(1);
  return last?.mark ?? null;
}

/** Whether the prize's record says an earlier rs_recharge of it may have delivered. */
export async function prizeMaybeDelivered(db: DbOrTx, spinId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: spinEvents.id })
    .from(spinEvents)
    .where(and(eq(spinEvents.spinId, spinId), sql`${spinEvents.detail}->>'maybe_delivered' = 'true'`))
    .limit(1);
  return row !== undefined;
}

/** The currency of the order that earned the spin (the prize's BIGO call names it, with a total_cost of 0). */
export async function spinOrderCurrency(db: DbOrTx, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.currency;
}

const withOrderNum = { ...getTableColumns(spins), orderNum: orders.orderNum };

/** The buyer's spins: those still to spin first (oldest first, the order they are spun in), then the rest, newest first. */
export async function spinsOfUser(db: DbOrTx, userId: number, limit: number): Promise<SpinWithOrder[]> {
  return db
    .select(withOrderNum)
    .from(spins)
    .innerJoin(orders, eq(orders.id, spins.orderId))
    .where(eq(spins.userId, userId))
    .orderBy(
      sql`CASE ${spins.state} WHEN 'available' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`,
      sql`CASE WHEN ${spins.state} IN ('available', 'pending') THEN ${spins.id} ELSE -${spins.id} END`,
    )
    .limit(limit);
}

export async function availableSpins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(spins)
    .where(and(eq(spins.userId, userId), eq(spins.state, 'available')));
  return row?.n ?? 0;
}

export async function findSpinWithOrder(db: DbOrTx, id: number): Promise<SpinWithOrder | undefined> {
  const [row] = await db
    .select(withOrderNum)
    .from(spins)
    .innerJoin(orders, eq(orders.id, spins.orderId))
    .where(eq(spins.id, id))
    .limit(1);
  return row;
}

/** Spun prizes for the console, newest spin first, with the buyer's username. */
export async function pageOfPrizes(
  db: DbOrTx,
  delivery: TPrizeDelivery | undefined,
  window: RowWindow,
  spinId?: number,
): Promise<{ rows: (SpinWithOrder & { username: string | null })[]; total: number }> {
  const where = and(
    eq(spins.state, 'spun'),
    delivery ? eq(spins.delivery, delivery) : undefined,
    spinId === undefined ? undefined : eq(spins.id, spinId),
  );
  const rows = await db
    .select({ ...withOrderNum, username: users.username })
    .from(spins)
    .innerJoin(orders, eq(orders.id, spins.orderId))
    .leftJoin(users, eq(users.id, spins.userId))
    .where(where)
    .orderBy(desc(spins.spunAt), desc(spins.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(spins).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** What spins have cost: spins granted and spun, prize diamonds delivered / on their way, failed prizes. */
export async function spinCost(db: DbOrTx): Promise<{
  granted: number;
  spun: number;
  delivered: number;
  queued: number;
  failed: number;
}> {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE state <> 'withdrawn') AS granted,
      count(*) FILTER (WHERE state = 'spun') AS spun,
      coalesce(sum(prize_diamonds) FILTER (WHERE delivery = 'delivered'), 0) AS delivered,
      coalesce(sum(prize_diamonds) FILTER (WHERE delivery IN ('queued', 'charging')), 0) AS queued,
      count(*) FILTER (WHERE delivery = 'failed') AS failed
    FROM spins`,
  );
  return {
    granted: Number(row?.granted ?? 0),
    spun: Number(row?.spun ?? 0),
    delivered: Number(row?.delivered ?? 0),
    queued: Number(row?.queued ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

/** Prizes waiting for a delivery (queued or charging) that have no live delivery job: the sweep's work. */
export async function prizesWithoutLiveDelivery(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from ${spins} s
        where s.delivery in ('queued', 'charging')
          and not exists (
            select 1 from ${jobs} j
            where j.dedupe_key = 'prize:' || s.id
              and j.kind = ${deliverPrizeJob.kind}
              and j.state in ('queued', 'running')
          )
        order by s.id
        limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

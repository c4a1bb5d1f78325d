import { asc, eq, sql } from 'drizzle-orm';
import { reconciliationDays, reconciliationMismatches } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import type { MismatchDraft, OurOrder } from './reconciliation-compare';

/** Queries of the daily reconciliation (issue #28): our side of a day, and the runs and mismatches it stored. */

export type DayRow = typeof reconciliationDays.$inferSelect;
export type MismatchRow = typeof reconciliationMismatches.$inferSelect;

type OrderFacts = {
  order_num: string;
  gateway: string;
  order_status: number;
  amount: number | string;
  currency: string;
  gateway_ref: string | null;
  payment_held: boolean;
  created_at: string | Date;
  paid_at: string | Date | null;
  delivered_at: string | Date | null;
  deliveries: number | string;
  extra_refunds: string | null;
};

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Our orders created or paid in [from, to), and those the gateways' records name, with the deliveries each records
 * (moves into 9 and BIGO answers "delivered", rescode 0, on its events) and the gateway references of its extra
 * payments we refund or refunded (issue #26).
 */
export async function ordersOfDay(
  db: DbOrTx,
  window: { from: Date; to: Date },
  named: readonly string[],
): Promise<OurOrder[]> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const names = named.length > 0 ? named : [''];
  const rows = await queryRows<OrderFacts>(
    db,
    sql`
      select o.order_num, o.gateway, o.order_status, o.amount, o.currency, o.gateway_ref, o.payment_held,
             o.created_at, o.paid_at, o.delivered_at,
             (select count(*) from order_events e
               where e.order_id = o.id
                 and ((e.to_status = 9 and e.from_status is distinct from 9)
                   or (e.detail->>'recharge' = 'answered' and e.detail->>'rescode' = '0'))) as deliveries,
             (select string_agg(x.ref, ',') from extra_payments x
               where x.order_id = o.id and x.state in ('refunding', 'refunded')) as extra_refunds
        from orders o
       where (o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz)
          or (o.paid_at >= ${from}::timestamptz and o.paid_at < ${to}::timestamptz)
          or (o.delivered_at >= ${from}::timestamptz and o.delivered_at < ${to}::timestamptz)
          or o.order_num in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
    `,
  );
  return rows.map((r) => ({
    orderNum: r.order_num,
    gateway: r.gateway,
    status: Number(r.order_status),
    amount: Number(r.amount),
    currency: r.currency,
    gatewayRef: r.gateway_ref,
    paymentHeld: r.payment_held,
    createdAt: date(r.created_at),
    paidAt: r.paid_at === null ? null : date(r.paid_at),
    deliveredAt: r.delivered_at === null ? null : date(r.delivered_at),
    deliveries: Number(r.deliveries),
    extraRefunds: r.extra_refunds ? r.extra_refunds.split(',') : [],
  }));
}

/** What we recorded of the day's BIGO calls (BIGO's reseller API has no order query to ask it). */
export async function bigoOfDay(db: DbOrTx, window: { from: Date; to: Date }) {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const [delivered] = await queryRows<{ orders: number | string; diamonds: number | string | null }>(
    db,
    sql`select count(*) as orders, coalesce(sum(amount_game + bonus_game), 0) as diamonds
          from orders where delivered_at >= ${from}::timestamptz and delivered_at < ${to}::timestamptz`,
  );
  const ambiguous = await queryRows<{ order_num: string; settled_by: string | null; calls: number | string }>(
    db,
    sql`select o.order_num,
               (select e.detail->>'rescode' from order_events e
                 where e.order_id = o.id and e.to_status = 9 order by e.id desc limit 1) as settled_by,
               (select count(*) from order_events e
                 where e.order_id = o.id and e.detail->>'recharge' = 'sent') as calls
          from orders o
         where o.delivered_at >= ${from}::timestamptz and o.delivered_at < ${to}::timestamptz
           and exists (select 1 from order_events e
                        where e.order_id = o.id and e.detail->>'maybe_delivered' = 'true')
         order by o.delivered_at`,
  );
  const balances = await queryRows<{ precheck_balance: number | string }>(
    db,
    sql`select precheck_balance from orders
         where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
           and precheck_balance is not null
         order by created_at, id`,
  );
  return {
    diamonds_delivered: Number(delivered?.diamonds ?? 0),
    orders_delivered: Number(delivered?.orders ?? 0),
    ambiguous: ambiguous.map((a) => ({
      order_num: a.order_num,
      settled_by: a.settled_by === null ? 'unknown' : `rescode ${a.settled_by}`,
      calls: Number(a.calls),
    })),
    balance_first: balances.length > 0 ? Number(balances[0]?.precheck_balance) : null,
    balance_last: balances.length > 0 ? Number(balances.at(-1)?.precheck_balance) : null,
  };
}

export async function dayRow(db: DbOrTx, day: string): Promise<DayRow | undefined> {
  const [row] = await db.select().from(reconciliationDays).where(eq(reconciliationDays.day, day)).limit(1);
  return row;
}

export async function mismatchesOf(db: DbOrTx, dayId: number): Promise<MismatchRow[]> {
  return db
    .select()
    .from(reconciliationMismatches)
    .where(eq(reconciliationMismatches.dayId, dayId))
    .orderBy(asc(reconciliationMismatches.id));
}

/** Stores a run: the day's row (created or replaced) and its mismatches, replacing the last run's. */
export async function storeRun(
  tx: DbOrTx,
  run: {
    day: string;
    state: string;
    summary: Record<string, unknown>;
    ranAt: Date;
    ranBy: number | null;
    mismatches: readonly MismatchDraft[];
  },
): Promise<DayRow> {
  const [row] = await tx
    .insert(reconciliationDays)
    .values({ day: run.day, state: run.state, summary: run.summary, ranAt: run.ranAt, ranBy: run.ranBy })
    .onConflictDoUpdate({
      target: reconciliationDays.day,
      set: { state: run.state, summary: run.summary, ranAt: run.ranAt, ranBy: run.ranBy },
    })
    .returning();
  if (!row) throw new Error('reconciliation day not stored');
  await tx.delete(reconciliationMismatches).where(eq(reconciliationMismatches.dayId, row.id));
  if (run.mismatches.length > 0) {
    await tx.insert(reconciliationMismatches).values(
      run.mismatches.map((m) => ({
        dayId: row.id,
        kind: m.kind,
        gateway: m.gateway,
        orderNum: m.orderNum,
        gatewayRef: m.gatewayRef,
        evidence: m.evidence,
        action: m.action,
      })),
    );
  }
  return row;
}

/** Marks the day mailed; true only for the one call that marked it (the e-mail goes out once). */
export async function markMailed(tx: DbOrTx, dayId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(reconciliationDays)
    .set({ mailedAt: at })
    .where(sql`${reconciliationDays.id} = ${dayId} and ${reconciliationDays.mailedAt} is null`)
    .returning({ id: reconciliationDays.id });
  return rows.length > 0;
}

export async function mismatchById(db: DbOrTx, id: number): Promise<MismatchRow | undefined> {
  const [row] = await db
    .select()
    .from(reconciliationMismatches)
    .where(eq(reconciliationMismatches.id, id))
    .limit(1);
  return row;
}

export async function dayById(db: DbOrTx, id: number): Promise<DayRow | undefined> {
  const [row] = await db.select().from(reconciliationDays).where(eq(reconciliationDays.id, id)).limit(1);
  return row;
}

/** Records what applying a mismatch led to. */
export async function markApplied(
  tx: DbOrTx,
  id: number,
  applied: { at: Date; by: number; result: string },
): Promise<void> {
  await tx
    .update(reconciliationMismatches)
    .set({ appliedAt: applied.at, appliedBy: applied.by, appliedResult: applied.result })
    .where(eq(reconciliationMismatches.id, id));
}

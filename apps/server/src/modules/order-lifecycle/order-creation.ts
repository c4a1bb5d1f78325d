import { randomBytes } from 'node:crypto';
import {
  canMove,
  INITIAL_STATUSES,
  orderNoteText,
  type TOrderNote,
  type TOrderStatus,
} from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { uniqueViolation } from '../../infra/db-errors';
import { enqueueJobStatement, enqueueJobValues, type Job } from '../../infra/jobs';
import { PreparedStatements, placeholder } from '../../infra/prepared';
import type { NewOrderRow, OrderRow } from './order-row';

/**
 * How an order comes into being (DESIGN.md §6). Its creation is the first move of its life: the order starts in an
 * initial status (1 or 2, the precheck's result) and may pass through further statuses at once when nothing can
 * happen in between (a provider whose hand-off needs no call out stores the order already awaiting payment: 2 → 3).
 * Every step is checked against the same table of allowed moves as every later move, and each gets its event row.
 *
 * The order, its events and the jobs it needs are written in ONE statement (data-modifying CTEs): atomic without a
 * transaction, and one round trip instead of five. The order commit is the shop's hottest write (`npm run bench`),
 * so the statement is prepared (infra/prepared.ts): compiled once per shape (the columns given, the number of
 * steps, the kinds of jobs) and, on PostgreSQL, parsed and planned once per connection.
 */

/** One status the order enters at creation, with its event. */
export interface OrderStep {
  to: TOrderStatus;
  /** Why, as a note of the shared catalogue (order-moves.ts OrderMove.cause): 'precheck ok', 'payment hand-off (fiuu)'. */
  cause: TOrderNote;
  /** 'visitor', 'user:12', … */
  actor: string;
  /** Stored as JSON on the event row; never secrets. */
  detail?: Record<string, unknown>;
}

/** The columns the caller decides; the number, status and timestamps are the creation's. */
export type NewOrderValues = Omit<NewOrderRow, 'id' | 'orderNum' | 'orderStatus' | 'createdAt' | 'updatedAt'>;

export interface NewOrder {
  values: NewOrderValues;
  /** The statuses the order passes through, oldest first: an initial status, then allowed moves only. */
  path: readonly OrderStep[];
  /** The jobs the order needs from the start (its payment timeout, a warning), queued in the same statement. */
  jobs?: (orderNum: string) => readonly Job[];
}

/** The status an order created along `path` ends in; throws when the path is not one DESIGN.md §6 allows. */
export function creationStatus(path: readonly OrderStep[]): TOrderStatus {
  const [first, ...rest] = path;
  if (!first) throw new Error('an order is created with at least one status');
  if (!(INITIAL_STATUSES as readonly number[]).includes(first.to)) {
    throw new Error(`an order cannot be created in status ${first.to}`);
  }
  let at: TOrderStatus = first.to;
  for (const step of rest) {
    if (!canMove(at, step.to)) throw new Error(`an order cannot be created moving ${at} → ${step.to}`);
    at = step.to;
  }
  return at;
}

/**
 * The characters of new order numbers: digits and capitals without the look-alikes 0/O and 1/I, and no lower case
 * (so no l; a capital L resembles no digit): 32 symbols, 5 random bits each, read aloud or typed from a screenshot
 * without doubt. Every one is in Fiuu's `orderid` and BIGO's `bu_orderid` alphabet (DESIGN.md §7, §8).
 */
export const ORDER_NUM_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** `EZ` and 22 random characters: 24 in all (six groups of four on screen), 22 × 5 = 110 random bits. */
const ORDER_NUM_PREFIX = 'EZ';
const ORDER_NUM_RANDOM_CHARS = 22;
/** An order number is drawn again on the (astronomically unlikely) collision with an existing one. */
const ORDER_NUM_TRIES = 3;
/** The unique index behind "one order per order number". */
const ORDER_NUM_INDEX = 'orders_order_num_uq';

/**
 * A new order number: `EZ` and 22 characters of ORDER_NUM_ALPHABET from the system's CSPRNG. The number is the key
 * to the order's result page (anyone holding it sees the order), so it carries 110 random bits and nothing that can
 * be counted up (no date, no sequence). 24 characters stay within Fiuu's `orderid` and BIGO's `bu_orderid` limit
 * (at most 40 alphanumerics). Numbers made before (`EZ`, a date and 20 characters of base 62: 30 in all) stay valid:
 * ORDER_NUM_PATTERN (packages/shared) accepts both forms, and lookups compare the stored text.
 */
export function newOrderNum(): string {
  let out = ORDER_NUM_PREFIX;
  // 256 is a multiple of 32: the low five bits of a uniform byte are uniform, so no symbol is likelier.
  for (const byte of randomBytes(ORDER_NUM_RANDOM_CHARS)) out += ORDER_NUM_ALPHABET[byte & 31];
  return out;
}

/**
 * Creates an order along its path (see the module comment) and returns its row. Database errors other than an
 * order-number collision (e.g. the price deleted meanwhile: a foreign key) are the caller's to answer.
 */
export async function createOrder(db: DbOrTx, order: NewOrder): Promise<OrderRow> {
  const orderStatus = creationStatus(order.path);
  for (let attempt = 1; ; attempt++) {
    const orderNum = newOrderNum();
    const values = { ...order.values, orderNum, orderStatus };
    try {
      const inserted = await insertAtOnce(db, values, order.path, order.jobs?.(orderNum) ?? []);
      return {
        gameType: 1,
        lang: 'en',
        productId: null,
        priceId: null,
        gatewayRef: null,
        paymentChannel: null,
        paymentChannelChoice: null,
        payCheckoutSessionUrl: null,
        paymentDeadline: null,
        paymentHeld: false,
        bonusGame: 0,
        spinDiamonds: 0,
        precheckRescode: null,
        precheckBalance: null,
        refundRef: null,
        refundBeneficiary: null,
        failureReason: null,
        failureNote: null,
        deliveryUncertain: false,
        refundOverdueAt: null,
        createdBy: null,
        clientIp: null,
        userAgent: null,
        browserId: null,
        riskThreeDSecure: false,
        paidAt: null,
        deliveredAt: null,
        ...values,
        ...inserted,
      };
    } catch (err) {
      if (uniqueViolation(err) === ORDER_NUM_INDEX && attempt < ORDER_NUM_TRIES) continue;
      throw err;
    }
  }
}

const insertStatements = new PreparedStatements();

async function insertAtOnce(
  db: DbOrTx,
  values: NewOrderRow,
  path: readonly OrderStep[],
  jobs: readonly Job[],
): Promise<{ id: number; createdAt: Date; updatedAt: Date }> {
  // Columns left out take their defaults; one given as undefined is left out too, as Drizzle's insert does. A null
  // is part of the statement's text (a column's value mapping takes no null), the other values are placeholders.
  const given = (Object.keys(values) as (keyof NewOrderRow)[]).filter((c) => values[c] !== undefined).sort();
  const columns = given.filter((c) => values[c] !== null);
  const nulls = given.filter((c) => values[c] === null);
  const shape = [columns, nulls, [path.length], jobs.map((j) => j.type.kind)]
    .map((l) => l.join(','))
    .join('|');
  const statement = insertStatements.get(shape, () => {
    const insertOrder = db
      .insert(orders)
      .values(
        Object.fromEntries([
          ...columns.map((c) => [c, placeholder(`o_${c}`)]),
          ...nulls.map((c) => [c, null]),
        ]) as unknown as NewOrderRow,
      )
      .returning({ id: orders.id, createdAt: orders.createdAt, updatedAt: orders.updatedAt })
      .getSQL();
    const eventRows = sql.join(
      path.map(
        (_step, i) =>
          sql`(${placeholder(`e${i}_from`)}::smallint, ${placeholder(`e${i}_to`)}::smallint, ${placeholder(
            `e${i}_cause`,
          )}::text, ${placeholder(`e${i}_note`)}::jsonb, ${placeholder(`e${i}_actor`)}::text, ${placeholder(
            `e${i}_detail`,
          )}::jsonb, ${i}::integer)`,
      ),
      sql`, `,
    );
    const ctes = [
      sql`o as (${insertOrder})`,
      // Inserted in path order (the event ids keep the order of the moves).
      sql`e as (insert into order_events (order_id, from_status, to_status, cause, note, actor, detail)
        select o.id, v.f, v.t, v.c, v.k, v.a, v.d from o, (values ${eventRows}) as v(f, t, c, k, a, d, n) order by v.n)`,
      ...jobs.map((job, i) => sql`${sql.raw(`j${i}`)} as (${enqueueJobStatement(db, job.type, `j${i}_`)})`),
    ];
    return sql`with ${sql.join(ctes, sql`, `)} select id, created_at, updated_at from o`;
  });
  const params: Record<string, unknown> = {};
  for (const c of columns) params[`o_${c}`] = values[c];
  path.forEach((step, i) => {
    params[`e${i}_from`] = i === 0 ? null : (path[i - 1]?.to ?? null);
    params[`e${i}_to`] = step.to;
    params[`e${i}_cause`] = orderNoteText(step.cause);
    params[`e${i}_note`] = JSON.stringify(step.cause);
    params[`e${i}_actor`] = step.actor;
    params[`e${i}_detail`] = step.detail == null ? null : JSON.stringify(step.detail);
  });
  jobs.forEach((job, i) => {
    Object.assign(params, enqueueJobValues(job, `j${i}_`));
  });
  const [row] = await statement.rows<{ id: number; created_at: Date | string; updated_at: Date | string }>(
    db,
    params,
  );
  if (!row) throw new Error('insert into orders returned no row');
  return { id: Number(row.id), createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
}

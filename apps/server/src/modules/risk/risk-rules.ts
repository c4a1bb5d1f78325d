import { ORDER_STATUS, orderNote, type TOrderNote, type TRiskSettings } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderEvents, orders, riskCardFailures } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import type { OrderRow } from '../order-lifecycle/order-row';
import { sgdEquivalent } from './risk-settings';

/**
 * Issue #29: the rules, over counts the database keeps (orders and their events), so every process on the database
 * sees the same figures. At commit: card testing (too many unsuccessful payments of one key lately). When a payment
 * arrives (the move to 7): velocity per BIGO ID, a buyer's first paid order.
 */

/** Unsuccessful payments: the moves into 4 (cancelled), 5 (failed) and 6 (timed out). */
const UNSUCCESSFUL = [
  ORDER_STATUS.PAYMENT_CANCELLED,
  ORDER_STATUS.PAYMENT_FAILED,
  ORDER_STATUS.PAYMENT_TIMEOUT,
];

export interface CommitKeys {
  bigoId: string;
  email: string;
  ip: string;
  /** The first-party browser id cookie (infra/browser-id.ts); null when the request carried none we set. */
  browserId?: string | null;
}

export type CardTestingKey = 'bigo_id' | 'email' | 'ip' | 'browser' | 'card';

/**
 * Card testing: when one of the keys (BIGO ID, e-mail, client address, browser id) had `card_testing_failures`
 * unsuccessful payments within the window, how many seconds until the oldest of them leaves it (the key may then try
 * again); undefined when none did. Unsuccessful: the moves into 4–6 of orders of these keys
 * (order_events_to_status_created_idx), and the cards a gateway declined on them while their payment stayed open
 * (risk_card_failures: Stripe Checkout lets a buyer try card after card in one session). And by card: a card these
 * keys tried that was declined `card_testing_failures` times within the window on any orders.
 */
export async function cardTestingWait(
  db: DbOrTx,
  settings: TRiskSettings,
  keys: CommitKeys,
  now: Date,
): Promise<{
  wait: { seconds: number; key: CardTestingKey; failures: number } | undefined;
  /** The unsuccessful payments of the keys within the window (any of them). */
  failures: number;
}> {
  const windowMs = settings.card_testing_window_minutes * 60_000;
  const since = new Date(now.getTime() - windowMs).toISOString();
  const email = keys.email.toLowerCase();
  const browserId = keys.browserId ?? null;
  const ofKeys = sql`(o.game_id = ${keys.bigoId} or lower(o.email) = ${email} or o.client_ip = ${keys.ip}${
    browserId === null ? sql`` : sql` or o.browser_id = ${browserId}`
  })`;
  const rows = await queryRows<{
    at: Date | string;
    game_id: string;
    email: string;
    client_ip: string | null;
    browser_id: string | null;
    card_fingerprint: string | null;
  }>(
    db,
    sql`select e.created_at as at, o.game_id, lower(o.email) as email, o.client_ip, o.browser_id,
          null::text as card_fingerprint
        from ${orderEvents} e join ${orders} o on o.id = e.order_id
        where e.to_status in (${sql.join(
          UNSUCCESSFUL.map((s) => sql`${s}`),
          sql`, `,
        )}) and e.created_at > ${since} and ${ofKeys}
        union all
        select f.at, o.game_id, lower(o.email) as email, o.client_ip, o.browser_id, f.card_fingerprint
        from ${orders} o cross join lateral (
          -- Per order of the keys, through risk_card_failures_order_idx; \`offset 0\` keeps the planner from turning
          -- this into a scan of every recent failure (an attack in progress has thousands) hashed against them.
          select f.created_at as at, f.card_fingerprint from ${riskCardFailures} f
          where f.order_id = o.id and f.created_at > ${since} offset 0
        ) f
        where ${ofKeys}`,
  );
  const limit = settings.card_testing_failures;
  let worst: { seconds: number; key: CardTestingKey; failures: number } | undefined;
  /** A key whose unsuccessful payments (their times) reach the limit waits until the limit-th newest leaves. */
  const consider = (key: CardTestingKey, at: readonly (Date | string)[]) => {
    const times = at.map((t) => new Date(t).getTime()).sort((a, b) => b - a);
    const nth = times[limit - 1];
    if (nth === undefined) return;
    const seconds = Math.max(1, Math.ceil((nth + windowMs - now.getTime()) / 1000));
    if (!worst || seconds > worst.seconds) worst = { seconds, key, failures: times.length };
  };
  const check = (key: CardTestingKey, match: (r: (typeof rows)[number]) => boolean) =>
    consider(
      key,
      rows.filter(match).map((r) => r.at),
    );
  check('bigo_id', (r) => r.game_id === keys.bigoId);
  check('email', (r) => r.email === email);
  check('ip', (r) => r.client_ip === keys.ip);
  if (browserId !== null) check('browser', (r) => r.browser_id === browserId);
  // The cards these keys tried lately: one declined `limit` times within the window on any orders (a stolen card
  // tried under rotating BIGO IDs, e-mails and addresses) stops these keys too. Asked only when they tried a card
  // that was declined, so an honest buyer's commit never makes this read.
  const cards = [...new Set(rows.flatMap((r) => (r.card_fingerprint ? [r.card_fingerprint] : [])))];
  if (cards.length > 0) {
    const declines = await queryRows<{ at: Date | string; card_fingerprint: string }>(
      db,
      sql`select created_at as at, card_fingerprint from ${riskCardFailures}
          where card_fingerprint in (${sql.join(
            cards.slice(0, 50).map((c) => sql`${c}`),
            sql`, `,
          )}) and created_at > ${since}`,
    );
    for (const card of cards.slice(0, 50)) {
      consider(
        'card',
        declines.filter((d) => d.card_fingerprint === card).map((d) => d.at),
      );
    }
  }
  return { wait: worst, failures: rows.length };
}

/**
 * Card testing by card: how many times a gateway declined the card of this fingerprint within the window, on any
 * order (risk_card_failures_fingerprint_idx). The card is known only once a payment is tried: at commit it stops the
 * keys that tried it (cardTestingWait), at a payment's arrival it holds the payment made with it.
 */
export async function cardFailuresOf(
  db: DbOrTx,
  settings: TRiskSettings,
  fingerprint: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - settings.card_testing_window_minutes * 60_000).toISOString();
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from ${riskCardFailures}
        where card_fingerprint = ${fingerprint} and created_at > ${since}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Issue #29: the gateway's risk assessment as the move to 7 wrote it (payment-outcomes.ts paymentRiskDetail):
 * Stripe Radar's level and score and the card's fingerprint and country, or why it was not read. Absent for a
 * gateway without one (Fiuu).
 */
const ZPaymentRisk = z.union([
  z.object({
    read: z.literal(true),
    level: z.string(),
    score: z.number().nullable(),
    card_fingerprint: z.string().nullable(),
    card_country: z.string().nullable(),
  }),
  z.object({ read: z.literal(false), reason: z.string() }),
]);
export type PaymentRiskSeen = z.infer<typeof ZPaymentRisk>;

/** The assessment a move's detail carries; undefined when it carries none (or not in that shape). */
export function paymentRiskOf(detail: Record<string, unknown> | undefined): PaymentRiskSeen | undefined {
  const parsed = ZPaymentRisk.safeParse(detail?.payment_risk);
  return parsed.success ? parsed.data : undefined;
}

/** What the rules decided about a payment that arrived. */
export type PaymentDecision =
  | { decision: 'allow' }
  | {
      decision: 'hold';
      rule: 'velocity' | 'first_order' | 'radar_elevated' | 'card_testing_card';
      note: TOrderNote;
    }
  /** Refunded at once, never delivered (Stripe Radar `highest`). */
  | { decision: 'refuse'; rule: 'radar_highest'; note: TOrderNote; figures: Record<string, unknown> };

const whole = (sgd: number) => Math.round(sgd * 100) / 100;

/**
 * The rules at the arrival of a payment (in the move's transaction, the order locked): more than `velocity_sgd` paid for the BIGO ID within the window (this order included) → hold;
 * the buyer's first paid order (no other paid order of the BIGO ID, e-mail or account) above `first_order_sgd` → hold.
 */
export async function decideAtPayment(
  db: DbOrTx,
  settings: TRiskSettings,
  order: OrderRow,
  now: Date,
  risk?: PaymentRiskSeen,
): Promise<PaymentDecision> {
  // Issue #29: Stripe Radar first: `highest` is refunded at once whatever else holds, `elevated` is held.
  if (risk?.read) {
    const score = risk.score ?? '?';
    const figures = {
      level: risk.level,
      score: risk.score,
      card_fingerprint: risk.card_fingerprint,
      card_country: risk.card_country,
    };
    if (risk.level === 'highest') {
      return {
        decision: 'refuse',
        rule: 'radar_highest',
        note: orderNote('risk_radar_refused', { score }),
        figures,
      };
    }
    if (risk.level === 'elevated') {
      return {
        decision: 'hold',
        rule: 'radar_elevated',
        note: orderNote('risk_hold_radar_elevated', { score }),
      };
    }
    // The paying card was declined again and again lately (on any order): a card tester's find, cashed out.
    if (risk.card_fingerprint) {
      const failures = await cardFailuresOf(db, settings, risk.card_fingerprint, now);
      if (failures >= settings.card_testing_failures) {
        return {
          decision: 'hold',
          rule: 'card_testing_card',
          note: orderNote('risk_hold_card_failures', {
            failures,
            minutes: settings.card_testing_window_minutes,
            limit: settings.card_testing_failures,
          }),
        };
      }
    }
  }
  const since = new Date(now.getTime() - settings.velocity_window_hours * 3_600_000);
  const velocity = await queryRows<{ currency: string; total: string | number }>(
    db,
    sql`select currency, sum(amount) as total from ${orders}
        where game_id = ${order.gameId} and (id = ${order.id} or paid_at > ${since.toISOString()})
        group by currency`,
  );
  let total = 0;
  for (const row of velocity) total += sgdEquivalent(settings, Number(row.total), row.currency) ?? 0;
  if (total > settings.velocity_sgd) {
    return {
      decision: 'hold',
      rule: 'velocity',
      note: orderNote('risk_hold_velocity', {
        total: whole(total),
        hours: settings.velocity_window_hours,
        limit: settings.velocity_sgd,
      }),
    };
  }
  const amount = sgdEquivalent(settings, order.amount, order.currency);
  if (amount !== null && amount > settings.first_order_sgd) {
    const [earlier] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${orders}
          where id <> ${order.id} and paid_at is not null
            and (game_id = ${order.gameId} or lower(email) = ${order.email.toLowerCase()}
              ${order.createdBy === null ? sql`` : sql`or created_by = ${order.createdBy}`})`,
    );
    if (Number(earlier?.n ?? 0) === 0) {
      return {
        decision: 'hold',
        rule: 'first_order',
        note: orderNote('risk_hold_first_order', { amount: whole(amount), limit: settings.first_order_sgd }),
      };
    }
  }
  return { decision: 'allow' };
}

import { ORDER_STATUS, orderNote, type TOrderNote, type TRiskSettings } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderEvents, orders, riskCardFailures } from '../../db/schema';
import { type DbOrTx, preparedRows, queryRows } from '../../infra/db';
import type { OrderRow } from '../order-lifecycle/order-row';
import { blockedByClause } from './risk-blocklist';
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

/** What the rules at commit found, in one read: a blocklist entry matching the keys, and the card-testing wait. */
export interface CommitFindings {
  /** The blocklist entry in force that matches a key (risk-blocklist.ts blockedByClause), if any. */
  blocked: { id: number; kind: string } | undefined;
  /**
   * Card testing: when one of the keys (BIGO ID, e-mail, client address, browser id) had `card_testing_failures`
   * unsuccessful payments within the window, how many seconds until the oldest of them leaves it (the key may then
   * try again); undefined when none did.
   */
  wait: { seconds: number; key: CardTestingKey; failures: number } | undefined;
  /** The unsuccessful payments of the keys within the window (any of them). */
  failures: number;
}

/** The one row the statement of commitFindings answers. */
interface FindingsRow extends Record<string, unknown> {
  blocked_id: number | null;
  blocked_kind: string | null;
  failures: string | number;
  n_bigo_id: string | number;
  nth_bigo_id: Date | string | null;
  n_email: string | number;
  nth_email: Date | string | null;
  n_ip: string | number;
  nth_ip: Date | string | null;
  n_browser: string | number;
  nth_browser: Date | string | null;
  n_card: string | number | null;
  nth_card: Date | string | null;
}

/**
 * The rules at commit over what the database keeps, in one statement prepared once per connection (one wait on the
 * database, no planning on each commit: issue #29's p99 at commit), the same text for every order: the blocklist
 * (blockedByClause), and card testing.
 *
 * Unsuccessful payments of the keys: the moves into 4–6 of orders of these keys (the orders found through each key's
 * own index), and the cards a gateway declined on them while their payment stayed open
 * (risk_card_failures: Stripe Checkout lets a buyer try card after card in one session). A key waits until the
 * `card_testing_failures`-th newest of its own leaves the window. And by card: a card these keys tried that was
 * declined `card_testing_failures` times within the window on any orders (a stolen card tried under rotating BIGO
 * IDs, e-mails and addresses) stops these keys too.
 */
export async function commitFindings(
  db: DbOrTx,
  settings: TRiskSettings,
  keys: CommitKeys,
  now: Date,
): Promise<CommitFindings> {
  const windowMs = settings.card_testing_window_minutes * 60_000;
  const since = new Date(now.getTime() - windowMs).toISOString();
  const limit = settings.card_testing_failures;
  const email = keys.email.toLowerCase();
  const browserId = keys.browserId ?? null;
  const unsuccessful = sql.join(
    UNSUCCESSFUL.map((s) => sql`${s}`),
    sql`, `,
  );
  // Which of the keys an order of the keys has (each order once, through the index of the key that found it).
  const flags = sql`o.game_id = ${keys.bigoId}::text as k_bigo_id, lower(o.email) = ${email}::text as k_email,
    coalesce(o.client_ip = ${keys.ip}::text, false) as k_ip,
    coalesce(o.browser_id = ${browserId}::text, false) as k_browser`;
  const [row] = await preparedRows<FindingsRow>(
    db,
    'risk_commit_findings',
    sql`with keyed as (${sql.join(
      [
        sql`o.game_id = ${keys.bigoId}::text`,
        sql`lower(o.email) = ${email}::text`,
        sql`o.client_ip = ${keys.ip}::text`,
        // No browser id: null, which no order's equals.
        sql`o.browser_id = ${browserId}::text`,
      ].map((key) => sql`select o.id, ${flags} from ${orders} o where ${key}`),
      sql` union `,
    )}),
        fails as (
          select k.k_bigo_id, k.k_email, k.k_ip, k.k_browser, e.created_at as at, null::text as card
          from keyed k join ${orderEvents} e on e.order_id = k.id
          where e.to_status in (${unsuccessful}) and e.created_at > ${since}::timestamptz
          union all
          select k.k_bigo_id, k.k_email, k.k_ip, k.k_browser, f.created_at, f.card_fingerprint
          from keyed k join ${riskCardFailures} f on f.order_id = k.id
          where f.created_at > ${since}::timestamptz
        ),
        cards as (select distinct card from fails where card is not null limit 50),
        by_card as (
          select count(*) as n, (array_agg(f.created_at order by f.created_at desc))[${limit}::int] as nth
          from cards c join ${riskCardFailures} f on f.card_fingerprint = c.card
          where f.created_at > ${since}::timestamptz
          group by c.card
        ),
        worst_card as (select n, nth from by_card where nth is not null order by nth desc limit 1),
        blocked as (${blockedByClause(keys, now)})
        select (select id from blocked) as blocked_id, (select kind from blocked) as blocked_kind,
          count(*) as failures,
          ${sql.join(
            (['bigo_id', 'email', 'ip', 'browser'] as const).map(
              (key) =>
                sql`count(*) filter (where ${sql.raw(`k_${key}`)}) as ${sql.raw(`n_${key}`)},
                (array_agg(at order by at desc) filter (where ${sql.raw(`k_${key}`)}))[${limit}::int]
                  as ${sql.raw(`nth_${key}`)}`,
            ),
            sql`, `,
          )},
          (select n from worst_card) as n_card, (select nth from worst_card) as nth_card
        from fails`,
  );
  let wait: CommitFindings['wait'];
  /** A key whose `limit`-th newest unsuccessful payment is `nth` waits until that one leaves the window. */
  const consider = (key: CardTestingKey, failures: string | number | null, nth: Date | string | null) => {
    if (nth === null) return;
    const seconds = Math.max(1, Math.ceil((new Date(nth).getTime() + windowMs - now.getTime()) / 1000));
    if (!wait || seconds > wait.seconds) wait = { seconds, key, failures: Number(failures) };
  };
  if (!row) throw new Error('the rules at commit read no row');
  consider('bigo_id', row.n_bigo_id, row.nth_bigo_id);
  consider('email', row.n_email, row.nth_email);
  consider('ip', row.n_ip, row.nth_ip);
  consider('browser', row.n_browser, row.nth_browser);
  consider('card', row.n_card, row.nth_card);
  return {
    blocked:
      row.blocked_id === null ? undefined : { id: Number(row.blocked_id), kind: String(row.blocked_kind) },
    wait,
    failures: Number(row.failures),
  };
}

/**
 * Card testing by card: how many times a gateway declined the card of this fingerprint within the window, on any
 * order (risk_card_failures_fingerprint_idx). The card is known only once a payment is tried: at commit it stops the
 * keys that tried it (commitFindings), at a payment's arrival it holds the payment made with it.
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

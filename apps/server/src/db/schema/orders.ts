import type { TOrderNoteJson } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { prices, products } from './catalogue';
import { timestamps } from './columns';
import { users } from './users';

/**
 * An order keeps its own copy of what was bought (product name, pack size, unit price, currency), so later
 * catalogue edits never change what a buyer paid for.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNum: text('order_num').notNull(),
    gameType: smallint('game_type').notNull().default(1),
    /** The BIGO ID diamonds go to. */
    gameId: text('game_id').notNull(),
    orderStatus: smallint('order_status').notNull(),
    /** Buyer e-mail (shown as pay_payment_num in the order list). */
    email: text('email').notNull(),
    lang: text('lang').notNull().default('en'),
    pageInfo: text('page_info').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    priceId: integer('price_id').references(() => prices.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    gameAmount: integer('game_amount').notNull(),
    quantity: integer('quantity').notNull(),
    /** unit_amount × quantity, minor units; recomputed on the server, never trusted from the client. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** game_amount × quantity: diamonds to deliver. */
    amountGame: integer('amount_game').notNull(),
    /**
     * Bonus diamonds granted and not withdrawn (rewards: order_bonuses), kept apart from amount_game and delivered in
     * the same rs_recharge call (amount_game + bonus_game under the order's bu_orderid), so exactly once with it.
     * Fixed before the order reaches 8; never changed after.
     */
    bonusGame: integer('bonus_game').notNull().default(0),
    /**
     * Issue #16: the diamonds this order counts towards its buyer's spins (its amount_game when it was paid while
     * spins were on and the buyer signed in; 0 otherwise). Fixed in the move to 7.
     */
    spinDiamonds: integer('spin_diamonds').notNull().default(0),
    gateway: text('gateway').notNull(),
    /** Gateway reference: Fiuu tranID or Stripe Checkout Session id. */
    gatewayRef: text('gateway_ref'),
    /** How the buyer paid, as the provider reported it with the payment (Fiuu `channel`: `credit`, `FPX_MB2U`…). */
    paymentChannel: text('payment_channel'),
    /**
     * Issue #30: the provider's channel the buyer chose on our page (Fiuu `channel`: FPX_MB2U, TNG-EWALLET…); null when
     * none was chosen (the provider's page chose). Compared with the paid result's channel: a mismatch is an event.
     */
    paymentChannelChoice: text('payment_channel_choice'),
    payCheckoutSessionUrl: text('pay_checkout_session_url'),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    /** Set when a paid notification disagrees with the order (amount/currency): held for an admin. */
    paymentHeld: boolean('payment_held').notNull().default(false),
    precheckRescode: integer('precheck_rescode'),
    /** Reseller balance BIGO reported at this order's precheck: the operator's latest view of it. */
    precheckBalance: bigint('precheck_balance', { mode: 'number' }),
    /** The gateway's refund reference (Fiuu RefundID / Stripe refund id) once a refund was asked for. */
    refundRef: text('refund_ref'),
    /**
     * The buyer's bank details for an online-banking refund (Fiuu: BankCode, BeneficiaryName, …), sealed with a key
     * derived from APP_SECRET (infra/sealed.ts) and erased once the refund ends.
     */
    refundBeneficiary: text('refund_beneficiary'),
    failureReason: text('failure_reason'),
    /**
     * Issue #32: the failure reason as a key of the shared catalogue with its values (order-notes.ts), read in the
     * reader's language; failure_reason keeps its English text. Null for a reason written before (its text only).
     */
    failureNote: jsonb('failure_note').$type<TOrderNoteJson>(),
    /**
     * Issue #26: the order reached 10 (charge failed) while its record said an earlier rs_recharge may have
     * delivered (a call that got no answer). Only BIGO's reseller console can tell: a refund needs the operator's
     * confirmation that the diamonds did not arrive.
     */
    deliveryUncertain: boolean('delivery_uncertain').notNull().default(false),
    /**
     * Issue #26: when the refund in progress passed the time its gateway documents for settling one (Fiuu: 14 days)
     * without a decided answer: it stays in 11, asked about still, and waits in the operator's queue.
     */
    refundOverdueAt: timestamp('refund_overdue_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Issue #28: the buyer's address (as every client address: behind TRUST_PROXY's rules) and browser (User-Agent,
     * at most 512 characters) when the order was placed: evidence for a dispute. Null for orders placed before.
     */
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    /**
     * Issue #29: the first-party browser id cookie (`ezr_bid`, infra/browser-id.ts) of the browser that placed the
     * order: a key of the card-testing rule. Null for orders placed before, or not from a browser.
     */
    browserId: text('browser_id'),
    /**
     * Issue #29: the risk rules marked the order risky but did not refuse it (an unsuccessful payment of its keys
     * lately, or a first-order-sized amount): Stripe Checkout asks for 3-D Secure.
     */
    riskThreeDSecure: boolean('risk_three_d_secure').notNull().default(false),
    ...timestamps,
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_order_num_uq').on(t.orderNum),
    index('orders_status_idx').on(t.orderStatus),
    index('orders_created_by_idx').on(t.createdBy),
    index('orders_game_id_idx').on(t.gameId),
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    // The list's order (newest first) and the export's keyset batches by (created_at, id): each batch a short index
    // range instead of a scan and sort of every order (issue #28; scripts/bench/order-export.ts).
    index('orders_created_idx').on(t.createdAt, t.id),
    // Issue #28: the sales view reads orders by when they were paid and delivered (modules/sales); by when they were
    // created through orders_created_idx.
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_delivered_at_idx').on(t.deliveredAt),
    // Issue #29: the card-testing rule counts a client address's unsuccessful payments of the last hour.
    index('orders_client_ip_idx').on(t.clientIp),
    // Issue #29: and a browser id's.
    index('orders_browser_id_idx').on(t.browserId),
  ],
);

/** One row per status move, written in the same transaction as the move (DESIGN.md §6). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** The note's English text (the log's and the operator e-mails' words). */
    cause: text('cause').notNull(),
    /**
     * Issue #32: the cause as a key of the shared catalogue with its values (order-notes.ts), read in the reader's
     * language. Null for an event written before: its cause is then its only text.
     */
    note: jsonb('note').$type<TOrderNoteJson>(),
    /** 'system', 'gateway:fiuu', 'user:12', … */
    actor: text('actor').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    // Issue #28: the sales view finds the range's completed refunds (moves to 12) by the move's time.
    index('order_events_to_status_created_idx').on(t.toStatus, t.createdAt),
  ],
);

/**
 * Issue #26: a payment the gateway captured for an order besides the one that paid it (a buyer who paid twice, in
 * two tabs or after a timeout). Never delivered against; refunded through the gateway once an operator confirms
 * (or at once, with EXTRA_PAYMENT_REFUND=auto). State: recorded → refunding → refunded | refund_failed (→ refunding
 * again on the operator's retry). Attempts number the refunds asked for it, as an order's moves into 11 do.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** The gateway's reference of this payment: Fiuu tranID, Stripe Checkout Session id. */
    ref: text('ref').notNull(),
    /** As the gateway reported it, ISO minor units (may differ from the order's). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    state: text('state').notNull().default('recorded'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRef: text('refund_ref'),
    /** Sealed like orders.refund_beneficiary: the buyer's bank for an online-banking refund, erased when it ends. */
    refundBeneficiary: text('refund_beneficiary'),
    /** The gateway's words when a refund failed; the operator's reason is in the order's events and audit. */
    failureReason: text('failure_reason'),
    refundStartedAt: timestamp('refund_started_at', { withTimezone: true }),
    refundOverdueAt: timestamp('refund_overdue_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('extra_payments_gateway_ref_uq').on(t.gateway, t.ref),
    index('extra_payments_order_idx').on(t.orderId),
    index('extra_payments_state_idx').on(t.state),
  ],
);

/** Every notification from a gateway, stored raw before anything is believed. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    /** fiuu: return | notify | callback; stripe: the event type. */
    channel: text('channel').notNull(),
    /** Stripe event id, or Fiuu tranID+status: the key that makes a repeat a repeat. */
    dedupeKey: text('dedupe_key'),
    orderNum: text('order_num'),
    verified: boolean('verified').notNull(),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderNum),
    index('payment_notifications_dedupe_idx').on(t.gateway, t.dedupeKey),
  ],
);

/**
 * Issue #28: a card holder's dispute of an order's payment (Stripe's Dispute object), kept apart from the order's
 * status. One row per gateway dispute id; its webhooks update it in the order of the gateway's event times
 * (`last_event_at`), so an older event delivered late never overwrites a newer status.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** The gateway's dispute id (Stripe: du_…). */
    disputeRef: text('dispute_ref').notNull(),
    /** The payment disputed: Stripe's PaymentIntent id. */
    paymentRef: text('payment_ref'),
    /** ISO minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    evidenceSubmittedBy: integer('evidence_submitted_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The gateway's time of the newest event applied (Stripe's event `created`). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('disputes_gateway_ref_uq').on(t.gateway, t.disputeRef),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_status_idx').on(t.status),
  ],
);

import { z } from 'zod';
import { BIGO_ID_MAX, normaliseBigoId } from '../bigo-id';
import { EMAIL_PATTERN } from '../email';
import { fiuuFormFields } from '../fiuu-form';
import { GAME_TYPE, MAX_ORDER_DIAMONDS, TEXT_LIMITS } from '../limits';
import { MSG as M } from '../messages';
import { CURRENCY_CODES } from '../money';
import { ZOrderNote } from '../order-notes';
import { MAX_ROW_ID, ZRowId } from './api';
import { ZCurrency, ZOrderStatus } from './codes';
import { ZOrderBonus, ZPromoCode } from './order-rewards';
import { ZPayChannel } from './payment-channels';

/**
 * Orders (SPEC.md §3, §5, §7; DESIGN.md §4, §6, §7). The commit payload travels wire-encrypted; the server
 * decrypts it, validates it with ZOrderCommitPayload and recomputes every amount from the database.
 */

/** The two recharge screens; the payload's `page_info` says which one sent it. */
export const ORDER_PAGE_INFOS = ['recharge', 'ezrecharge'] as const;
export const ZOrderPageInfo = z.enum(ORDER_PAGE_INFOS);
export type TOrderPageInfo = z.infer<typeof ZOrderPageInfo>;

/**
 * An order number: unguessable, at most 40 letters and digits (Fiuu `orderid`, BIGO `bu_orderid`). Both forms the
 * shop has made match: `EZ` + 22 characters without look-alikes (today's), and `EZ` + a date + 20 of base 62.
 */
export const ORDER_NUM_PATTERN = /^[0-9A-Za-z]{1,40}$/;
/**
 * Order numbers are shown in groups of four; one typed or pasted with the gaps (spaces, thin spaces) is the same
 * number, so white space anywhere is dropped before it is checked.
 */
/**
 * An order number as typed or pasted: the gaps and dashes of a grouped display (any space, any dash) are dropped.
 * Case is kept, since numbers of the first form mix cases; the lookup compares them in any case (issue #32).
 */
const withoutGaps = (value: string): string => value.replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
export const ZOrderNum = z.string().overwrite(withoutGaps).regex(ORDER_NUM_PATTERN, M.order_not_found);

export { BIGO_ID_MAX, normaliseBigoId };

export const ZBigoId = z
  .string({ error: M.payment_game_id_tips })
  .transform(normaliseBigoId)
  .pipe(z.string().min(1, M.payment_game_id_tips).max(BIGO_ID_MAX, M.payment_game_id_tips));

/** The buyer e-mail on the public recharge page (SPEC.md §5: payment_email_tips). */
export const ZOrderEmail = z
  .string({ error: M.payment_email_tips })
  .trim()
  .min(1, M.payment_email_tips)
  .max(TEXT_LIMITS.emailLong, M.payment_email_tips)
  .regex(EMAIL_PATTERN, M.payment_email_tips)
  .transform((v) => v.toLowerCase());

/** SPEC.md §5: quantity above 0 and quantity × pack diamonds at most 100 000. */
export const ZOrderQuantity = z
  .number({ error: M.payment_quantity_tips })
  .int(M.payment_quantity_tips)
  .min(1, M.payment_quantity_tips)
  .max(MAX_ORDER_DIAMONDS, M.payment_quantity_tips);

/** The decrypted `data` of POST /api/v1/order/ (SPEC.md §3 "Order commit payload"). */
export const ZOrderCommitPayload = z
  .object({
    game_type: z.literal(GAME_TYPE),
    game_id: ZBigoId,
    price_id: z
      .number({ error: M.payment_price_id_tips })
      .int(M.payment_price_id_tips)
      .min(1, M.payment_price_id_tips)
      .max(MAX_ROW_ID, M.payment_price_id_tips),
    quantity: ZOrderQuantity,
    /** unit_amount × quantity in minor units, as the client computed it; the server recomputes and compares. */
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** game_amount × quantity; must not exceed the per-order cap. */
    amount_game: z
      .number({ error: M.payment_quantity_tips })
      .int(M.payment_quantity_tips)
      .min(1, M.payment_quantity_tips)
      .max(MAX_ORDER_DIAMONDS, M.payment_quantity_tips),
    pay_currency: z.enum(CURRENCY_CODES, { error: M.payment_currency_code_tips }),
    /** Present in SPEC.md's payload; the server identifies a signed-in buyer by the Bearer header, not by this. */
    token: z.string().max(1024).default(''),
    page_info: ZOrderPageInfo,
    /** Issue #16: a promo code typed on the form (empty = none); decided again by the server in the commit. */
    promo_code: ZPromoCode.default(''),
    /** Issue #30: the payment channel chosen on the page (the provider's code); empty = the provider's page chooses. */
    pay_channel: ZPayChannel.default(''),
  })
  .strict();
export type TOrderCommitPayload = z.infer<typeof ZOrderCommitPayload>;
export type TOrderCommitPayloadInput = z.input<typeof ZOrderCommitPayload>;

/** POST /api/v1/order/ body: the encrypted payload, its event time, and the e-mail (public page only). */
export const ZOrderCommit = z.object({
  data: z.string().min(1, M.order_payload_invalid).max(8192, M.order_payload_invalid),
  eventtime: z.string().regex(/^\d{14}$/, M.order_expired),
  /** Required on the public page; ignored for a signed-in buyer (the profile e-mail is used). */
  email: z.string().max(256).default(''),
});
export type TOrderCommit = z.infer<typeof ZOrderCommit>;

/**
 * What the browser needs to hand the buyer to the gateway (SPEC.md §7 "Payment hand-off"), returned by the
 * commit and by Pay Now. `form`: post a hidden form to `payment_url` with Fiuu's field names
 * (amount, orderid = order_num, vcode, currency, returnurl = return_url, bill_email, bill_name, bill_desc,
 * bill_mobile). `redirect`: go to `payment_url` (a Stripe Checkout page).
 */
export const ZFiuuHandoff = z.object({
  method: z.literal('form'),
  order_num: z.string(),
  order_status: ZOrderStatus,
  payment_url: z.string(),
  vcode: z.string(),
  return_url: z.string(),
  /** Two decimals, as Fiuu's form takes it ('27.60'). */
  amount: z.string(),
  currency: ZCurrency,
  bill_email: z.string(),
  bill_name: z.string(),
  bill_desc: z.string(),
  bill_mobile: z.string(),
  /** '1': the shop does not hold the buyer's name, e-mail and mobile (Fiuu spec "guest_checkout"). */
  guest_checkout: z.string(),
  /** The hosted page's language: 'en' or 'cn' (Fiuu spec "langcode"). */
  langcode: z.string(),
  /**
   * Issue #30: the channel the buyer chose on our page (Fiuu spec "channel"); `payment_url` is then that channel's
   * page. Absent: Fiuu's page lets the buyer choose.
   */
  channel: z.string().optional(),
});
export const ZRedirectHandoff = z.object({
  method: z.literal('redirect'),
  order_num: z.string(),
  order_status: ZOrderStatus,
  payment_url: z.string(),
});
export const ZOrderHandoff = z.discriminatedUnion('method', [ZFiuuHandoff, ZRedirectHandoff]);
export type TFiuuHandoff = z.infer<typeof ZFiuuHandoff>;
export type TRedirectHandoff = z.infer<typeof ZRedirectHandoff>;
export type TOrderHandoff = z.infer<typeof ZOrderHandoff>;

export { fiuuFormFields };

/** One status move of an order (DESIGN.md §6 `order_events`), as superusers see it. */
export const ZOrderEvent = z.object({
  from_status: ZOrderStatus.nullable(),
  to_status: ZOrderStatus,
  /** The note's English text (issue #32); for an event written before notes had keys, its only text. */
  cause: z.string(),
  /** The note as a key of the catalogue (order-notes.ts) with its values; null for an event written before. */
  note: ZOrderNote.nullable(),
  actor: z.string(),
  created_at: z.string(),
  /**
   * Issue #32: how many identical moves in a row this row stands for (the same statuses, cause and actor: a delivery
   * retried again and again), from created_at to last_at. Every move stays its own row in the database.
   */
  count: z.number().int().min(1),
  last_at: z.string(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

/**
 * What became of an extra payment (issue #26): recorded (waiting for an operator, or for the automatic refund),
 * refunding, refunded, or refund_failed (waiting for an operator again).
 */
export const EXTRA_PAYMENT_STATES = ['recorded', 'refunding', 'refunded', 'refund_failed'] as const;
export type TExtraPaymentState = (typeof EXTRA_PAYMENT_STATES)[number];

/** States in which an extra payment waits for an operator's refund. */
export const EXTRA_PAYMENT_REFUNDABLE = ['recorded', 'refund_failed'] as const satisfies TExtraPaymentState[];

/** A payment the gateway captured for an order besides the one that paid it: never delivered against, refunded. */
export const ZExtraPayment = z.object({
  id: z.number().int(),
  /** The gateway's reference of this payment (Fiuu tranID, Stripe Checkout Session id). */
  gateway_ref: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullable(),
  state: z.enum(EXTRA_PAYMENT_STATES),
  /** What a refund of it needs of the buyer's bank, as for the order's own payment. */
  refund_bank_details: z.enum(['required', 'optional', 'none']),
  failure_reason: z.string().nullable(),
  refund_overdue_at: z.string().nullable(),
  created_at: z.string(),
});
export type TExtraPayment = z.infer<typeof ZExtraPayment>;

/** An order as lists and the result page show it (SPEC.md §3 "Order"). Amounts in minor units. */
export const ZOrder = z.object({
  id: z.number().int(),
  order_num: z.string(),
  game_type: z.number().int(),
  game_id: z.string(),
  order_status: ZOrderStatus,
  /** The buyer e-mail (SPEC.md calls it the payment number); masked for anyone but its buyer and superusers. */
  pay_payment_num: z.string(),
  amount: z.number().int(),
  amount_game: z.number().int(),
  quantity: z.number().int(),
  pay_currency: ZCurrency,
  price_id: z.number().int().nullable(),
  /** Unit price in minor units. */
  price: z.number().int(),
  /** Diamonds per pack. */
  game_amount: z.number().int(),
  product_name: z.string(),
  page_info: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  pay_checkout_session_url: z.string().nullable(),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Why the order failed (precheck, payment or delivery), in plain words; null when nothing failed. */
  failure_reason: z.string().nullable(),
  /** Issue #32: the failure reason as a key of the catalogue (order-notes.ts) with its values; null without one. */
  failure_note: ZOrderNote.nullable(),
  /** How the buyer paid, as the payment provider reported it (Fiuu's channel: `credit`, `FPX_MB2U`…). */
  payment_channel: z.string().nullable(),
  /** Issue #30: the channel the buyer chose on our page (the provider's code); null or absent when none was chosen. */
  payment_channel_choice: z.string().nullish(),
  /**
   * Superusers: what a refund of this order needs of the buyer's bank (online-banking payments): `required`,
   * `optional` (the channel is not known), or `none`.
   */
  refund_bank_details: z.enum(['required', 'optional', 'none']),
  /** Issue #16: bonus diamonds granted besides amount_game (not withdrawn), delivered in the same BIGO call. */
  bonus_game: z.number().int(),
  /** The order's bonuses (granted, delivered or withdrawn), oldest first. */
  bonuses: z.array(ZOrderBonus),
  /**
   * Issue #26 (superusers; false elsewhere): the delivery failed after a call to BIGO that got no answer, so BIGO may
   * have delivered: a refund needs the operator's word that BIGO's console shows no delivery.
   */
  delivery_uncertain: z.boolean(),
  /** Issue #26 (superusers; null elsewhere): when the refund in progress passed its gateway's documented time. */
  refund_overdue_at: z.string().nullable(),
  /** Issue #26 (superusers; empty elsewhere): payments the gateway captured for the order besides the one that paid it. */
  extra_payments: z.array(ZExtraPayment),
  /**
   * Issue #28 (superusers; null elsewhere): the status of the order's newest dispute (Stripe's words:
   * needs_response, under_review, won, lost…), null when its payment was never disputed.
   */
  dispute_status: z.string().nullable(),
  /**
   * Issue #29: set while the order is paid but held for review by the risk rules: how many hours checking it usually
   * takes (RISK_REVIEW_HOURS); null (or absent) otherwise.
   */
  review_hours: z.number().int().nullable().optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

/**
 * POST /api/v1/rewards/quote (public, rate-limited; Bearer optional): the bonuses an order would get, shown on the
 * recharge form before paying. The commit decides again in its transaction; a quote reserves nothing.
 */
export const ZRewardQuoteInput = z.object({
  price_id: z.number().int().min(1).max(MAX_ROW_ID),
  quantity: ZOrderQuantity,
  /** Needed for per-BIGO-ID limits (visitors, welcome bonus); empty = not typed yet. */
  game_id: z.union([z.literal(''), ZBigoId]).default(''),
  promo_code: ZPromoCode.default(''),
});
export type TRewardQuoteInput = z.input<typeof ZRewardQuoteInput>;

/**
 * The operator's queues (issue #26), each an order list filter the overview's cards link to: payments held for a
 * differing amount, deliveries that may have happened, orders paid twice, refunds overdue at their gateway,
 * (issue #32) paid orders still not delivered DELIVERY_LATE_MINUTES after their payment, and issue #28's orders
 * with an open dispute (`disputed`).
 */
export const ORDER_ATTENTIONS = [
  'payment_held',
  'delivery_late',
  'delivery_uncertain',
  'paid_twice',
  'refund_overdue',
  'disputed',
  'risk_held',
] as const;
export type TOrderAttention = (typeof ORDER_ATTENTIONS)[number];

/** GET /api/v1/order/ filters (with ZPageQuery). */
export const ZOrderListQuery = z.object({
  order_num: z.string().overwrite(withoutGaps).max(40).optional(),
  game_id: z.string().trim().max(BIGO_ID_MAX).optional(),
  order_status: z.coerce.number().pipe(ZOrderStatus).optional(),
  /** Superusers only: one of the operator's queues. */
  attention: z.enum(ORDER_ATTENTIONS).optional(),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

/** GET /api/v1/order/stripe?order_num= and POST /api/v1/order/pay?order_num= */
export const ZOrderNumQuery = z.object({ order_num: ZOrderNum });

/** POST /api/v1/order/lookup: a buyer without an account finds an order by e-mail and order number. */
export const ZOrderLookup = z.object({
  email: ZOrderEmail,
  order_num: ZOrderNum,
});
export type TOrderLookup = z.infer<typeof ZOrderLookup>;

/** Admin order actions (superuser): retry a failed charge (10 → 8), start or retry a refund (10/13 → 11). */
export const ORDER_ACTION_REASON_MAX = 256;
export const ZOrderAction = z.object({
  reason: z
    .string({ error: M.order_reason_required })
    .trim()
    .min(1, M.order_reason_required)
    .max(ORDER_ACTION_REASON_MAX, M.text_max_256),
});
export type TOrderAction = z.infer<typeof ZOrderAction>;

/**
 * The buyer's bank for an online-banking refund, in the formats of Fiuu's refund API ("Advanced Full/Partial
 * Refund": BankCode an{8}, BankCountry a{2}, BeneficiaryName as{1..100} — alphanumeric, refusal PR018 —,
 * BeneficiaryAccNo ans{1..100}).
 */
/** Each bank field as a form checks it (the console's refund dialog), and as ZRefundBankDetails reads it. */
export const ZRefundBankFields = {
  bank_code: z
    .string({ error: M.refund_bank_code_invalid })
    .trim()
    .regex(/^[A-Za-z0-9]{8}$/, M.refund_bank_code_invalid),
  bank_country: z
    .string({ error: M.refund_bank_country_invalid })
    .trim()
    .regex(/^[A-Za-z]{2}$/, M.refund_bank_country_invalid),
  name: z
    .string({ error: M.refund_beneficiary_name_invalid })
    .trim()
    .regex(/^[A-Za-z0-9 ]{1,100}$/, M.refund_beneficiary_name_invalid),
  account_no: z
    .string({ error: M.refund_account_no_invalid })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,100}$/, M.refund_account_no_invalid),
} as const;

export const ZRefundBankDetails = z.object({
  ...ZRefundBankFields,
  bank_country: ZRefundBankFields.bank_country.transform((v) => v.toUpperCase()).default('MY'),
});
export type TRefundBankDetails = z.infer<typeof ZRefundBankDetails>;

/** The refund of an extra payment (issue #26): the reason, and the buyer's bank for an online-banking payment. */
export const ZExtraPaymentRefund = ZOrderAction.extend({ bank: ZRefundBankDetails.optional() });
export type TExtraPaymentRefund = z.infer<typeof ZExtraPaymentRefund>;

/** POST /api/v1/order/extra-payment/refund?id= */
export const ZExtraPaymentQuery = z.object({ id: ZRowId });

/**
 * POST /api/v1/order/refund: the reason, and the buyer's bank when the payment was made by online banking. An order
 * whose delivery is uncertain (issue #26) is refunded only with `confirmed_not_delivered: true`: the operator's word
 * that BIGO's reseller console shows no delivery for it (kept in the audit log).
 */
export const ZRefundAction = ZOrderAction.extend({
  bank: ZRefundBankDetails.optional(),
  confirmed_not_delivered: z.boolean().optional(),
});
export type TRefundAction = z.infer<typeof ZRefundAction>;

/** GET /api/v1/order/overview (superuser): what an operator checks first. */
export const ZOrderOverview = z.object({
  /** The reseller balance BIGO reported at the latest precheck; null before any precheck. */
  reseller_balance: z.number().nullable(),
  balance_checked_at: z.string().nullable(),
  /** A warning e-mail goes to ADMIN_EMAIL when the balance falls below this. */
  balance_alert_below: z.number(),
  /** Orders in 10 (charge failed) and 13 (refund failed): each needs an operator. */
  charge_failed: z.number().int(),
  refund_failed: z.number().int(),
  /** Paid orders whose amount or currency differed from the order: held for an operator. */
  payment_held: z.number().int(),
  /** Issue #32: paid orders (7, 8) still not delivered DELIVERY_LATE_MINUTES after their payment. */
  delivery_late: z.number().int(),
  /** Issue #26: orders in 10 whose delivery may have happened (a call got no answer): check BIGO before a refund. */
  delivery_uncertain: z.number().int(),
  /** Issue #26: extra payments captured for orders already paid, waiting for an operator's refund. */
  paid_twice: z.number().int(),
  /** Issue #26: refunds past the time their gateway documents (the order's or an extra payment's). */
  refund_overdue: z.number().int(),
  /** Issue #28: orders with a dispute the bank has not decided yet. */
  disputes_open: z.number().int(),
  /** Issue #29: paid orders held for review by the risk rules, waiting for an operator's decision. */
  risk_held: z.number().int(),
});
export type TOrderOverview = z.infer<typeof ZOrderOverview>;

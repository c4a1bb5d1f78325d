import { z } from 'zod';

/**
 * Issue #32: every note the server writes on an order — the cause of each event in its history and the order's
 * failure reason — under a stable key with values, in English here. The server stores the key and values with the
 * English text (order_events.note / orders.failure_note next to cause / failure_reason, so the database and the
 * logs stay readable), the API answers both, and the console shows the key in the reader's language
 * (`orders:notes.<key>` in locales/{en,zh}, the `{name}` placeholders as `{{name}}`). Operator e-mails and logs use
 * the English text of the same entry (`orderNoteText`).
 *
 * A value is a number, a text shown as it is (an order number, a reference, the gateway's or an operator's own
 * words), or a note itself (a BIGO answer inside "BIGO refused the delivery: {reason}"), shown in the reader's
 * language too. The values a key takes are its placeholders, checked by TypeScript (`orderNote`).
 */
export const ORDER_NOTES = {
  /** A text shown as it is in every language: words of a gateway that come without a note of their own. */
  text: '{text}',
  // The order's creation (precheck at commit, the payment hand-off)
  precheck_ok: 'precheck ok',
  precheck_rejected: 'precheck rejected: {reason} (rescode {rescode})',
  payment_handoff: 'payment hand-off ({gateway})',
  // Payment results
  fiuu_report: 'fiuu {endpoint} {status}',
  fiuu_report_cancelled: 'fiuu {endpoint} {status} (cancelled)',
  stripe_event: 'stripe {type}',
  buyer_cancelled: 'buyer cancelled at {gateway}',
  paid_on_return: "{gateway} reports the order paid (seen on the buyer's return)",
  paid_at_pay_now: 'status query at pay now',
  paid_before_timeout: 'status query before timeout',
  paid_while_expiring: 'status query before timeout (paid while expiring)',
  deadline_passed: 'payment deadline passed ({why})',
  deadline_still_pending: 'still pending 30 minutes after the deadline',
  deadline_no_answer: 'gateway gave no answer for 2 hours',
  deadline_not_paid: 'not paid',
  late_report: 'payment report after the order moved on: {cause}',
  payment_held: 'payment held: amount or currency differs ({cause})',
  // Issue #30: the buyer chose a channel on our page, the gateway reports another (the payment still counts)
  payment_channel_mismatch: 'paid through {reported}, not the chosen {chosen} ({cause})',
  payment_held_reason:
    'Paid {paid} {paidCurrency} (minor units) but the order is {amount} {currency}: held for an admin',
  extra_payment_captured:
    'another payment captured for this order: {currency} {amount} (minor units), ref {ref} ({cause})',
  // Issue #28: disputes and the daily reconciliation
  dispute_opened: '{gateway} dispute {ref} opened: {reason}, {currency} {amount}, {status}',
  dispute_status_changed: '{gateway} dispute {ref}: {from} → {to}',
  dispute_evidence_submitted: 'evidence submitted to {gateway} for dispute {ref}',
  paid_by_reconciliation:
    '{gateway} reports the order paid (reconciliation of {day}, applied by an operator)',
  // Issue #29: risk controls ({figures} in SGD equivalent, whole units)
  risk_hold_velocity:
    'held for review: BIGO ID paid SGD {total} equivalent within {hours} h (limit SGD {limit})',
  risk_hold_first_order:
    "held for review: the buyer's first paid order is SGD {amount} equivalent (limit SGD {limit})",
  risk_approved: 'review approved by an operator, delivery started: {reason}',
  risk_refused: 'review refused by an operator, refund started: {reason}',
  risk_hold_alerted: 'held for review for {hours} h without a decision: operators e-mailed',
  risk_hold_radar_elevated: 'held for review: Stripe Radar rates the payment elevated risk (score {score})',
  risk_radar_refused: 'refund started at once: Stripe Radar rates the payment highest risk (score {score})',
  risk_hold_card_failures:
    'held for review: the paying card was declined {failures} times within {minutes} min (limit {limit})',
  card_declined: '{gateway} declined a card ({reason}); the payment stays open for another one',
  risk_radar_unread:
    "Stripe Radar's assessment could not be read ({reason}): the payment rules ran without it",
  // Delivery (BIGO rs_recharge)
  delivery_started: 'delivery started',
  delivery_resumed: 'delivery resumed',
  delivery_resumed_lost:
    'delivery resumed: the previous call to BIGO got no recorded answer and may have delivered',
  delivery_requeued: 'delivery re-queued: the order had no live delivery job',
  bigo_delivered: 'BIGO delivered',
  bigo_already_delivered:
    'BIGO had already delivered (rescode {rescode}): an earlier call of ours got no answer',
  bigo_refused_delivery: 'BIGO refused the delivery: {reason}',
  bigo_not_reached_retry: 'BIGO not reached, will retry: {reason}',
  bigo_access_refused_retry: 'BIGO refused our access, will retry: {reason}',
  delivery_kept_failing: 'Delivery kept failing: {reason}',
  delivery_uncertain_cause: '{cause} (delivery uncertain: an earlier call got no answer)',
  delivery_uncertain_reason:
    "{reason}. An earlier call to BIGO got no answer and may have delivered the diamonds: check this order in BIGO's reseller console, then mark it delivered if they arrived, or retry the charge or refund it if not.",
  duplicate_without_delivery:
    "{reason}, although no earlier call of ours may have delivered it (BIGO refused each one, or there was none). Check this order in BIGO's reseller console, then mark it delivered if the diamonds arrived, or refund it.",
  currency_not_sendable: "The order's currency {currency} cannot be sent to BIGO",
  bigo_call_failed: 'the BIGO call failed: {message}',
  // Operators' actions ({reason}: the operator's own words)
  admin_retry: 'admin retry: {reason}',
  admin_marked_delivered: 'admin marked delivered: {reason}',
  admin_refund: 'admin refund: {reason}',
  admin_refund_extra: 'admin refund of another payment: {reason}',
  // Refunds
  auto_refund_extra: 'automatic refund of another payment (EXTRA_PAYMENT_REFUND=auto)',
  refund_succeeded: '{gateway} refund succeeded',
  refund_succeeded_earlier: '{gateway} refund succeeded (the earlier refund {reference})',
  refund_failed: '{gateway} refund failed',
  refund_refused: '{gateway} refused the refund',
  refund_overdue: 'refund overdue: {gateway} has not settled it in {days} days; check the {gateway} portal',
  extra_refund_sent: 'refund of another payment sent to {gateway}',
  extra_refund_succeeded: '{gateway} refund of the other payment {ref} succeeded',
  extra_refund_succeeded_earlier:
    '{gateway} refund of the other payment {ref} succeeded (the earlier refund {reference})',
  extra_refund_failed: '{gateway} refund of the other payment {ref} failed',
  extra_refund_overdue:
    'refund of another payment overdue: {gateway} has not settled it in {days} days; check the {gateway} portal',
  // Rewards (bonuses and spins)
  bonus_granted: 'bonus granted: {bonus}',
  bonus_granted_channel: 'bonus granted: {bonus} (paid through {channel})',
  bonus_withdrawn_revived:
    "bonus withdrawn: {bonus} no longer fits the promotion's limits (the order was revived by a late payment)",
  bonus_withdrawn_refund: 'bonus withdrawn: {bonus} (refund started)',
  bonus_code: 'code {code} +{diamonds} diamonds',
  bonus_welcome: 'welcome "{name}" +{diamonds} diamonds',
  bonus_channel: 'channel "{name}" +{diamonds} diamonds',
  bonus_kind_code: 'code +{diamonds} diamonds',
  bonus_kind_welcome: 'welcome +{diamonds} diamonds',
  bonus_kind_channel: 'channel +{diamonds} diamonds',
  spin_earned: '1 spin earned: {diamonds} diamonds count towards spins (one per {perSpin})',
  spins_earned: '{count} spins earned: {diamonds} diamonds count towards spins (one per {perSpin})',
  spins_counted: '{diamonds} diamonds count towards spins (one per {perSpin})',
  spin_withdrawn: '1 spin withdrawn (refund started)',
  spins_withdrawn: '{count} spins withdrawn (refund started)',
  // BIGO's answers (gateways/bigo: bigo-rescodes.ts, bigo-client.ts), inside the notes above
  bigo_answer: '{meaning} (BIGO {rescode})',
  bigo_answer_said: '{meaning} (BIGO {rescode}: {message})',
  bigo_http_denied: '{meaning} (HTTP {status})',
  bigo_http_denied_said: '{meaning} (HTTP {status}: {message})',
  bigo_timeout: 'BIGO did not answer within {ms} ms',
  bigo_unreachable: 'BIGO could not be reached ({detail})',
  bigo_http_status: 'BIGO answered HTTP {status}',
  bigo_not_json: 'BIGO answered with something that is not JSON',
  bigo_no_rescode: 'BIGO answered without a rescode',
  bigo_0: 'Success',
  bigo_400001: 'BIGO refused a request parameter',
  bigo_7212001: 'The recharge API is disabled by BIGO',
  bigo_7212002: 'The recharge API is disabled by the reseller',
  bigo_7212003: "This server's IP address is not allowed by BIGO",
  bigo_7212004: 'This BIGO ID does not exist',
  bigo_7212005: 'This BIGO ID cannot be recharged',
  bigo_7212006: 'The reseller account is not bound to our BIGO client id',
  bigo_7212008: 'The number of diamonds is over the limit BIGO allows',
  bigo_7212009: 'BIGO does not accept this currency',
  bigo_7212010: 'BIGO reports this order number as already used',
  bigo_7212011: "The reseller's diamond balance at BIGO is too low",
  bigo_7212012: 'Too many requests to BIGO, try again later',
  bigo_500001: 'BIGO reported an internal error',
  bigo_unknown: 'BIGO answered with an unknown code',
  bigo_http_401: 'BIGO did not accept our credentials',
  bigo_http_403: 'BIGO refused our access',
} as const;

export type TOrderNoteKey = keyof typeof ORDER_NOTES;

/** The `{name}` placeholders of a text, as a union of their names. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** What a placeholder is filled with: a number, a text shown as it is, or a note shown in the reader's language. */
export type TOrderNoteValue = string | number | TOrderNote;

type NoteOf<K extends TOrderNoteKey> = [Placeholders<(typeof ORDER_NOTES)[K]>] extends [never]
  ? { key: K; values?: undefined }
  : { key: K; values: { [P in Placeholders<(typeof ORDER_NOTES)[K]>]: TOrderNoteValue } };

/** A note of the catalogue with exactly the values its text names. */
export type TOrderNote = { [K in TOrderNoteKey]: NoteOf<K> }[TOrderNoteKey];

/**
 * A note as stored and answered: a key and its values. Read from the database or the API it is checked for shape
 * only (a key retired later still reads: `orderNoteText` then shows the key).
 */
export interface TOrderNoteJson {
  key: string;
  values?: Record<string, string | number | TOrderNoteJson> | undefined;
}

export const ZOrderNote: z.ZodType<TOrderNoteJson> = z.lazy(() =>
  z.object({
    key: z.string(),
    values: z.record(z.string(), z.union([z.string(), z.number(), ZOrderNote])).optional(),
  }),
);

/** `orderNote('fiuu_report', { endpoint: 'notify', status: '00' })`; a key without placeholders takes no values. */
export function orderNote<K extends TOrderNoteKey>(
  key: K,
  ...values: [Placeholders<(typeof ORDER_NOTES)[K]>] extends [never]
    ? []
    : [{ [P in Placeholders<(typeof ORDER_NOTES)[K]>]: TOrderNoteValue }]
): TOrderNote {
  return (values[0] === undefined ? { key } : { key, values: values[0] }) as TOrderNote;
}

export function isOrderNoteKey(value: string): value is TOrderNoteKey {
  return Object.hasOwn(ORDER_NOTES, value);
}

/** Whether a stored value reads as a note (a jsonb column of an older or newer release may hold anything). */
export function isOrderNoteJson(value: unknown): value is TOrderNoteJson {
  return ZOrderNote.safeParse(value).success;
}

/**
 * Fills a note's text, with `text(key)` giving the text of a key and each value a note filled the same way: the
 * English of the catalogue here, the reader's language in the console. A placeholder without a value stays.
 */
export function fillOrderNote(
  note: TOrderNoteJson,
  text: (key: string) => string,
  format: (value: string | number) => string = String,
): string {
  return text(note.key).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = note.values?.[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? fillOrderNote(value, text, format) : format(value);
  });
}

/** A note's English text (order_events.cause, orders.failure_reason, logs, operator e-mails). */
export function orderNoteText(note: TOrderNoteJson): string {
  return fillOrderNote(note, (key) => (isOrderNoteKey(key) ? ORDER_NOTES[key] : key));
}

import { DELIVERY_PROMISE_MINUTES } from './limits';
import { ORDER_STATUS as S, type TOrderStatus } from './order-status';
import type { TLanguage } from './support-contact';

/**
 * What a buyer is told about an order in each status (SPEC.md §4 codes 1–13, DESIGN.md §6): the headline, how it
 * looks (tone), what happens next and what to do. One mapping for the result page (/home-order) and the order
 * e-mails, so the page and the mail never say different things about the same order, and a status that is not a
 * success never looks like one.
 *
 * Time promises come from the Return and Refund Policy (SPEC.md §9 "Policy text"): delivery may take up to 1
 * business day, refunds take 3 to 7 business days to reach the payment method. The policy gives no time for
 * deciding what happens to a failed delivery; the texts promise the policy's own delivery time for it (retry or
 * refund within 1 business day).
 */

/**
 * success: the diamonds are delivered (9 only). progress: something is under way (awaiting payment, delivering,
 * refunding). attention: the buyer paid and something went wrong that staff put right (10, 13). failed: the order
 * stopped before any money moved (1, 5). closed: ended without diamonds and with nothing owed (4, 6, 12).
 */
export const ORDER_TONES = ['success', 'progress', 'attention', 'failed', 'closed'] as const;
export type TOrderTone = (typeof ORDER_TONES)[number];

/** What the buyer should do: nothing, contact support quoting the order number, or place a new order. */
export const ORDER_TODOS = ['none', 'contact_support', 'order_again'] as const;
export type TOrderTodo = (typeof ORDER_TODOS)[number];

/** The texts' keys: statuses that mean the same to a buyer share one (2 and 3, 7 and 8). */
export const ORDER_OUTCOME_KEYS = [
  'precheck_failed',
  'awaiting_payment',
  'payment_cancelled',
  'payment_failed',
  'payment_timeout',
  'delivering',
  'delivered',
  'delivery_failed',
  'refunding',
  'refunded',
  'refund_failed',
] as const;
export type TOrderOutcomeKey = (typeof ORDER_OUTCOME_KEYS)[number];

export interface TOrderOutcome {
  key: TOrderOutcomeKey;
  tone: TOrderTone;
  todo: TOrderTodo;
}

export const ORDER_OUTCOMES: Readonly<Record<TOrderStatus, TOrderOutcome>> = {
  [S.PRECHECK_FAILED]: { key: 'precheck_failed', tone: 'failed', todo: 'order_again' },
  [S.PRECHECK_OK]: { key: 'awaiting_payment', tone: 'progress', todo: 'order_again' },
  [S.PENDING_PAYMENT]: { key: 'awaiting_payment', tone: 'progress', todo: 'order_again' },
  [S.PAYMENT_CANCELLED]: { key: 'payment_cancelled', tone: 'closed', todo: 'order_again' },
  [S.PAYMENT_FAILED]: { key: 'payment_failed', tone: 'failed', todo: 'order_again' },
  [S.PAYMENT_TIMEOUT]: { key: 'payment_timeout', tone: 'closed', todo: 'order_again' },
  [S.PAYMENT_COMPLETED]: { key: 'delivering', tone: 'progress', todo: 'none' },
  [S.CHARGING]: { key: 'delivering', tone: 'progress', todo: 'none' },
  [S.CHARGED]: { key: 'delivered', tone: 'success', todo: 'none' },
  [S.CHARGE_FAILED]: { key: 'delivery_failed', tone: 'attention', todo: 'contact_support' },
  [S.REFUNDING]: { key: 'refunding', tone: 'progress', todo: 'none' },
  [S.REFUNDED]: { key: 'refunded', tone: 'closed', todo: 'none' },
  [S.REFUND_FAILED]: { key: 'refund_failed', tone: 'attention', todo: 'contact_support' },
};

export const orderOutcome = (status: TOrderStatus): TOrderOutcome => ORDER_OUTCOMES[status];

/** What of an order decides whether its delivery is late: its status and when it was paid (ISO time). */
export interface TDeliveryFacts {
  order_status: TOrderStatus;
  paid_at: string | null;
  /** Issue #29: held for review by the risk rules: how many hours checking usually takes. */
  review_hours?: number | null | undefined;
}

/**
 * Issue #32: whether a paid order waiting for delivery (7, 8) has waited longer than the delivery time its buyer
 * was promised ("usually within two minutes", DELIVERY_PROMISE_MINUTES), counted from its payment, at `now` (ms
 * since the epoch). A late delivery is still under way (tone progress, nothing to do), but the result page says it
 * is taking longer and what happens next instead of the promise. Those words are the page's alone (no e-mail says
 * them), so they live with its other words in apps/web's locales (orders.json `result.late`), loaded with the page
 * in the buyer's language only: the page's first load has no bytes to spare for both languages.
 */
export function isDeliveryLate(order: TDeliveryFacts, now: number): boolean {
  return (
    (order.order_status === S.PAYMENT_COMPLETED || order.order_status === S.CHARGING) &&
    now - Date.parse(order.paid_at ?? '') >= DELIVERY_PROMISE_MINUTES * 60_000
  );
}

/** The three parts of what a buyer reads: a headline, what happens next, and what to do. */
export interface TOrderOutcomeText {
  headline: string;
  next: string;
  todo: string;
}

/**
 * Issue #29: a paid order held for review by the risk rules, as the buyer's e-mail says it (`{hours}`:
 * RISK_REVIEW_HOURS). The result page says the same sentences in its own words file (web locales orders.json
 * `result.review`), loaded in the buyer's language only, as `result.late` is.
 */
export const ORDER_REVIEW_TEXTS: Readonly<Record<TLanguage, TOrderOutcomeText>> = {
  en: {
    headline: 'Paid: we are checking your order',
    next: 'We have received your payment. Some orders are checked before delivery; this usually takes up to {hours} hours. We e-mail you when the diamonds arrive, or refund the full amount if we cannot deliver them.',
    todo: 'Nothing: do not pay again. Keep the order number in case you need to contact us.',
  },
  zh: {
    headline: '付款成功，我们正在核查您的订单',
    next: '我们已收到您的付款。部分订单在充值前需要核查，通常不超过 {hours} 小时。钻石到账后我们会发邮件通知您；如果无法充值，我们会全额退款。',
    todo: '无需任何操作，请勿重复付款。请保留订单号，以便需要时联系客服。',
  },
};

export const ORDER_OUTCOME_TEXTS: Readonly<
  Record<TLanguage, Readonly<Record<TOrderOutcomeKey, TOrderOutcomeText>>>
> = {
  en: {
    precheck_failed: {
      headline: 'This BIGO ID cannot be recharged',
      next: 'BIGO did not accept the BIGO ID for a recharge, so the order stopped before payment. Nothing was charged.',
      todo: 'Check the BIGO ID (it is case-sensitive; leave out the "ID:" prefix) and place a new order.',
    },
    awaiting_payment: {
      headline: 'Waiting for your payment',
      next: 'We have not received a confirmed payment for this order yet. If you have just paid, this page updates by itself as soon as the payment provider confirms it, usually within a minute.',
      todo: 'If you did not finish paying, place a new order. This one closes by itself and nothing is charged for it.',
    },
    payment_cancelled: {
      headline: 'Payment cancelled',
      next: 'The payment was cancelled, so nothing was charged and no diamonds will be delivered for this order.',
      todo: 'To buy diamonds, place a new order.',
    },
    payment_failed: {
      headline: 'Payment failed',
      next: 'The payment provider did not accept the payment, so nothing was charged and no diamonds will be delivered for this order.',
      todo: 'Place a new order to try again; if it fails again, use another card or payment method.',
    },
    payment_timeout: {
      headline: 'Payment time ran out',
      next: 'We did not receive the payment in time, so the order was closed and nothing was charged. If a payment for it still reaches us, we deliver the diamonds all the same.',
      todo: 'To buy diamonds, place a new order.',
    },
    delivering: {
      headline: 'Paid: your diamonds are on their way',
      next: 'We have received your payment. The diamonds usually arrive in your BIGO LIVE account within two minutes.',
      todo: 'Nothing: this page updates by itself. Keep the order number in case you need to contact us.',
    },
    delivered: {
      headline: 'Diamonds delivered',
      next: 'The diamonds have been credited to your BIGO LIVE account, and we have e-mailed you a receipt.',
      todo: 'Nothing. If the diamonds do not show in your account, contact support with the order number.',
    },
    delivery_failed: {
      headline: 'Delivery failed: we are on it',
      next: 'We received your payment but could not deliver the diamonds. Within 1 business day our team delivers them or refunds the full amount; a refund takes 3 to 7 business days to reach your payment method.',
      todo: 'You do not need to do anything. If you have questions, contact support with the order number.',
    },
    refunding: {
      headline: 'Refund in progress',
      next: 'We have started a full refund to the payment method you paid with. No diamonds will be delivered for this order. The money takes 3 to 7 business days to appear, depending on your bank or card issuer.',
      todo: 'Nothing: we e-mail you when the refund is completed.',
    },
    refunded: {
      headline: 'Refunded',
      next: 'The full amount has been refunded to the payment method you paid with. Depending on your bank or card issuer, it can take up to 7 business days to show.',
      todo: 'Nothing. If the money has not arrived after 7 business days, contact support with the order number.',
    },
    refund_failed: {
      headline: 'Refund delayed: we are on it',
      next: 'The payment provider did not complete the refund. Within 1 business day our team starts the refund again or contacts you.',
      todo: 'You do not need to do anything. If you have questions, contact support with the order number.',
    },
  },
  zh: {
    precheck_failed: {
      headline: '此 BIGO ID 无法充值',
      next: 'BIGO 未接受此 BIGO ID 的充值，订单在付款前已终止，未产生任何扣款。',
      todo: '请核对 BIGO ID（区分大小写，不要输入“ID:”前缀），然后重新下单。',
    },
    awaiting_payment: {
      headline: '等待付款',
      next: '我们尚未收到此订单的确认付款。如果您刚刚付款，支付服务商确认后本页会自动更新，通常在一分钟内。',
      todo: '如果您未完成付款，请重新下单。此订单会自动关闭，不会扣款。',
    },
    payment_cancelled: {
      headline: '付款已取消',
      next: '付款已取消，未产生扣款，此订单不会发放钻石。',
      todo: '如需购买钻石，请重新下单。',
    },
    payment_failed: {
      headline: '付款失败',
      next: '支付服务商未接受此次付款，未产生扣款，此订单不会发放钻石。',
      todo: '请重新下单再试；如果仍然失败，请换用其他银行卡或支付方式。',
    },
    payment_timeout: {
      headline: '付款已超时',
      next: '我们未在规定时间内收到付款，订单已关闭，未产生扣款。如果之后仍收到此订单的付款，我们照常发放钻石。',
      todo: '如需购买钻石，请重新下单。',
    },
    delivering: {
      headline: '付款成功，钻石正在充值',
      next: '我们已收到您的付款，钻石通常会在两分钟内到达您的 BIGO LIVE 账户。',
      todo: '无需任何操作，本页会自动更新。请保留订单号，以便需要时联系客服。',
    },
    delivered: {
      headline: '钻石已到账',
      next: '钻石已充值到您的 BIGO LIVE 账户，收据已发送到您的邮箱。',
      todo: '无需任何操作。如果账户中未显示钻石，请凭订单号联系客服。',
    },
    delivery_failed: {
      headline: '充值失败，我们正在处理',
      next: '我们已收到您的付款，但未能为您充值钻石。我们的团队会在 1 个工作日内为您完成充值或全额退款；退款需要 3 至 7 个工作日退回您的支付方式。',
      todo: '您无需任何操作。如有疑问，请凭订单号联系客服。',
    },
    refunding: {
      headline: '退款处理中',
      next: '我们已向您的原支付方式发起全额退款，此订单不会发放钻石。视您的银行或发卡机构而定，款项需要 3 至 7 个工作日到账。',
      todo: '无需任何操作，退款完成后我们会发邮件通知您。',
    },
    refunded: {
      headline: '已退款',
      next: '全额款项已退回您的原支付方式。视您的银行或发卡机构而定，最多可能需要 7 个工作日才能显示。',
      todo: '无需任何操作。如果 7 个工作日后仍未收到退款，请凭订单号联系客服。',
    },
    refund_failed: {
      headline: '退款延迟，我们正在处理',
      next: '支付服务商未能完成退款。我们的团队会在 1 个工作日内重新为您退款或与您联系。',
      todo: '您无需任何操作。如有疑问，请凭订单号联系客服。',
    },
  },
};

/** What the buyer reads about an order in `status`, in `lang`. */
export function orderOutcomeText(status: TOrderStatus, lang: TLanguage): TOrderOutcomeText {
  return ORDER_OUTCOME_TEXTS[lang][ORDER_OUTCOMES[status].key];
}

/** The order result page (SPEC.md §2 /home-order), where every order e-mail links to. */
export const ORDER_RESULT_PATH = '/home-order';

/** `/home-order?order_num=…`: the result page of one order, without the payment's success flag. */
export const orderResultPath = (orderNum: string): string =>
  `${ORDER_RESULT_PATH}?${new URLSearchParams({ order_num: orderNum }).toString()}`;

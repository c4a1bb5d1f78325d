import { orderOutcomeText } from '@ezrecharge/shared';
import { shopMinute } from '../../infra/shop-time';
import { type Mail, type OrderMailFacts, orderMail, orderSubject } from '../order-lifecycle/order-mail';
import type { TOrderNoticeStatus } from './order-notices';

/**
 * Texts of the buyer's order e-mails of fulfilment: the receipt (9) and the notices of a failed delivery (10) and of
 * a refund started (11), completed (12) or failed (13), in the layout every order mail shares
 * (order-lifecycle/order-mail.ts). What a notice says about the order is the result page's own text (packages/shared
 * order-outcome.ts).
 */

export interface ReceiptFacts extends OrderMailFacts {
  deliveredAt: Date;
  /** SHOP_TIME_ZONE: the delivery time is the shop's, with the zone named. */
  timeZone: string;
}

const RECEIPT_TEXTS = {
  en: {
    subject: (orderNum: string) => `Your EzRecharge receipt for order ${orderNum}`,
    intro: 'Your diamonds have been delivered to your BIGO LIVE account.',
    deliveredAt: 'Delivered at',
    note: 'Diamonds are not refundable once issued.',
    keep: 'Keep this e-mail as your receipt. If the diamonds do not show in your account, contact us with the order number.',
  },
  zh: {
    subject: (orderNum: string) => `EzRecharge 充值收据（订单 ${orderNum}）`,
    intro: '您购买的钻石已充值到您的 BIGO LIVE 账户。',
    deliveredAt: '充值时间',
    note: '钻石一经发放，不予退款。',
    keep: '请保留此邮件作为收据。如果钻石未到账，请凭订单号联系客服。',
  },
} as const;

/** The buyer's receipt for a delivered order (status 9). */
export function receiptMail(facts: ReceiptFacts): Mail {
  const t = RECEIPT_TEXTS[facts.lang];
  return orderMail(
    facts,
    t.subject(facts.orderNum),
    [{ text: t.intro }],
    [[t.deliveredAt, shopMinute(facts.deliveredAt, facts.timeZone, facts.lang)]],
    [{ text: t.note, strong: true }, { text: t.keep }],
  );
}

/**
 * The buyer's notice that their order reached `status` (10, 11, 12 or 13): the result page's headline, what
 * happens next and what to do, in the order's language.
 */
export function orderNoticeMail(facts: OrderMailFacts, status: TOrderNoticeStatus): Mail {
  const outcome = orderOutcomeText(status, facts.lang);
  const heading = NOTICE_HEADINGS[facts.lang];
  return orderMail(
    facts,
    orderSubject(facts.lang, facts.orderNum, outcome.headline),
    [
      { text: outcome.headline, strong: true },
      { text: `${heading.next}${outcome.next}` },
      { text: `${heading.todo}${outcome.todo}` },
    ],
    [],
  );
}

/**
 * The result page's headings of what happens next and what to do (web locales orders.result.next/todo): a "Nothing:
 * we e-mail you…" read without its "What to do:" (issue #32).
 */
const NOTICE_HEADINGS = {
  en: { next: 'What happens next: ', todo: 'What to do: ' },
  zh: { next: '接下来：', todo: '您需要做的：' },
} as const;

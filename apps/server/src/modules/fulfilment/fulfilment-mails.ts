import {
  formatMinor,
  orderOutcomeText,
  orderResultPath,
  SUPPORT_CONTACT_TEXTS,
  supportLines,
  type TLanguage,
} from '@ezrecharge/shared';
import type { MailMessage } from '../../infra/mail';
import { escapeHtml, groupedNumber, oneLine, utc8Minute } from '../../infra/mail-text';
import type { TOrderNoticeStatus } from '../order-lifecycle/order-notices';

/**
 * Texts of the buyer's order e-mails: the receipt (9) and the notices of a failed delivery (10) and of a refund
 * started (11), completed (12) or failed (13). Each goes in the language the order was placed in (orders.lang), as
 * plain text with a simple HTML part; every value in it is escaped in the HTML and flattened to one line in the
 * text, so a BIGO ID cannot add lines or markup. What a notice says about the order is the result page's own text
 * (packages/shared order-outcome.ts); every mail links to that page and names the support channels and hours.
 */

export type MailLang = TLanguage;

/** What every order e-mail shows of the order. */
export interface OrderMailFacts {
  orderNum: string;
  bigoId: string;
  diamonds: number;
  /** Bonus diamonds delivered with them (issue #16); 0 or left out = none. */
  bonus?: number;
  amount: number;
  currency: string;
  lang: MailLang;
  /** PUBLIC_URL: the mail links to the order's result page there. */
  publicUrl: string;
}

export interface ReceiptFacts extends OrderMailFacts {
  deliveredAt: Date;
}

type Mail = Omit<MailMessage, 'to'>;

const ORDER_MAIL_TEXTS = {
  en: {
    hello: 'Hello,',
    labels: ['Order number', 'BIGO ID', 'Diamonds', 'Amount paid'],
    follow: 'Follow your order at any time on its page:',
    notice: (orderNum: string, headline: string) => `${headline} (EzRecharge order ${orderNum})`,
    withBonus: (bought: string, bonus: string) => `${bought} + ${bonus} bonus diamonds`,
  },
  zh: {
    hello: '您好，',
    labels: ['订单号', 'BIGO ID', '钻石数量', '支付金额'],
    follow: '您可以随时在订单页面查看订单状态：',
    notice: (orderNum: string, headline: string) => `${headline}（EzRecharge 订单 ${orderNum}）`,
    withBonus: (bought: string, bonus: string) => `${bought} + ${bonus} 赠送钻石`,
  },
} as const;

const RECEIPT_TEXTS = {
  en: {
    subject: (orderNum: string) => `Your EzRecharge receipt for order ${orderNum}`,
    intro: 'Your diamonds have been delivered to your BIGO LIVE account.',
    deliveredAt: 'Delivered at',
    zone: ' (UTC+8)',
    note: 'Diamonds are not refundable once issued.',
    keep: 'Keep this e-mail as your receipt. If the diamonds do not show in your account, contact us with the order number.',
  },
  zh: {
    subject: (orderNum: string) => `EzRecharge 充值收据（订单 ${orderNum}）`,
    intro: '您购买的钻石已充值到您的 BIGO LIVE 账户。',
    deliveredAt: '充值时间',
    zone: '（UTC+8）',
    note: '钻石一经发放，不予退款。',
    keep: '请保留此邮件作为收据。如果钻石未到账，请凭订单号联系客服。',
  },
} as const;

/** One paragraph of an order mail; `strong` ones are bold in the HTML part. */
interface Paragraph {
  text: string;
  strong?: boolean;
}

/**
 * The layout every order mail shares: greeting, the paragraphs, the order's facts, the link to its result page,
 * the support channels and hours, and the sign-off.
 */
function orderMail(
  facts: OrderMailFacts,
  subject: string,
  paragraphs: readonly Paragraph[],
  extraRows: readonly (readonly [string, string])[],
  closing: readonly Paragraph[] = [],
): Mail {
  const t = ORDER_MAIL_TEXTS[facts.lang];
  const support = SUPPORT_CONTACT_TEXTS[facts.lang];
  const values = [
    facts.orderNum,
    oneLine(facts.bigoId),
    (facts.bonus ?? 0) > 0
      ? t.withBonus(groupedNumber(facts.diamonds), groupedNumber(facts.bonus ?? 0))
      : groupedNumber(facts.diamonds),
    `${facts.currency} ${formatMinor(facts.amount, facts.currency)}`,
  ];
  const rows = [...t.labels.map((label, i) => [label, values[i] ?? ''] as const), ...extraRows];
  const link = `${facts.publicUrl}${orderResultPath(facts.orderNum)}`;
  const contact = supportLines(facts.lang);
  const text = [
    t.hello,
    '',
    ...paragraphs.flatMap((p) => [p.text, '']),
    ...rows.map(([label, value]) => `${label}${support.sep}${value}`),
    '',
    ...closing.flatMap((p) => [p.text, '']),
    t.follow,
    link,
    '',
    support.heading,
    ...contact.map(({ label, value }) => `${label}${support.sep}${value}`),
    `${support.quote}${support.sep}${facts.orderNum}`,
    '',
    'EzRecharge',
  ].join('\n');
  const para = (p: Paragraph) =>
    p.strong ? `<p><strong>${escapeHtml(p.text)}</strong></p>` : `<p>${escapeHtml(p.text)}</p>`;
  const html = [
    `<!doctype html><html lang="${facts.lang}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(t.hello)}</p>`,
    ...paragraphs.map(para),
    '<table cellpadding="4">',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...closing.map(para),
    `<p>${escapeHtml(t.follow)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<h2 style="font-size:16px">${escapeHtml(support.heading)}</h2>`,
    '<p>',
    ...contact.map(({ label, value, href }) => {
      const shown = href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `${escapeHtml(label)}${escapeHtml(support.sep)}${shown}<br>`;
    }),
    `${escapeHtml(support.quote)}${escapeHtml(support.sep)}${escapeHtml(facts.orderNum)}`,
    '</p>',
    '<p>EzRecharge</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The buyer's receipt for a delivered order (status 9). */
export function receiptMail(facts: ReceiptFacts): Mail {
  const t = RECEIPT_TEXTS[facts.lang];
  return orderMail(
    facts,
    t.subject(facts.orderNum),
    [{ text: t.intro }],
    [[t.deliveredAt, `${utc8Minute(facts.deliveredAt)}${t.zone}`]],
    [{ text: t.note, strong: true }, { text: t.keep }],
  );
}

/**
 * The buyer's notice that their order reached `status` (10, 11, 12 or 13): the result page's headline, what
 * happens next and what to do, in the order's language.
 */
export function orderNoticeMail(facts: OrderMailFacts, status: TOrderNoticeStatus): Mail {
  const outcome = orderOutcomeText(status, facts.lang);
  return orderMail(
    facts,
    ORDER_MAIL_TEXTS[facts.lang].notice(facts.orderNum, outcome.headline),
    [{ text: outcome.headline, strong: true }, { text: outcome.next }, { text: outcome.todo }],
    [],
  );
}

const EXTRA_PAYMENT_TEXTS = {
  en: {
    refunding: {
      subject: (orderNum: string) => `We are refunding your second payment (EzRecharge order ${orderNum})`,
      intro:
        'We received two payments for this order. The diamonds are delivered once, for one payment; we are refunding the other one in full to the payment method you used.',
      after:
        'The money usually takes 3 to 7 business days to appear, depending on your bank or card issuer. We e-mail you when the refund is complete.',
    },
    refunded: {
      subject: (orderNum: string) => `Your second payment has been refunded (EzRecharge order ${orderNum})`,
      intro: 'The refund of the second payment you made for this order is complete.',
      after:
        'If you do not see the money within a few days, contact your bank or card issuer with the reference below.',
    },
    labels: ['Payment refunded', 'Payment reference'],
  },
  zh: {
    refunding: {
      subject: (orderNum: string) => `我们正在退还您重复支付的款项（EzRecharge 订单 ${orderNum}）`,
      intro:
        '我们收到了此订单的两笔付款。钻石只按一笔付款发放一次；另一笔款项我们正在全额退回您的原支付方式。',
      after: '视您的银行或发卡机构而定，款项通常需要 3 至 7 个工作日到账。退款完成后我们会发邮件通知您。',
    },
    refunded: {
      subject: (orderNum: string) => `您重复支付的款项已退还（EzRecharge 订单 ${orderNum}）`,
      intro: '您为此订单重复支付的款项已退款完成。',
      after: '如果几天内仍未看到款项，请凭下方的付款参考号联系您的银行或发卡机构。',
    },
    labels: ['退还金额', '付款参考号'],
  },
} as const;

/** Issue #26: a payment the buyer made for an order besides the one that paid it, being refunded or refunded. */
export function extraPaymentMail(
  facts: OrderMailFacts,
  payment: { ref: string; amount: number; currency: string },
  event: 'refunding' | 'refunded',
): Mail {
  const t = EXTRA_PAYMENT_TEXTS[facts.lang];
  const texts = t[event];
  const [amountLabel, refLabel] = t.labels;
  return orderMail(
    facts,
    texts.subject(facts.orderNum),
    [{ text: texts.intro, strong: true }],
    [
      [amountLabel, `${payment.currency} ${formatMinor(payment.amount, payment.currency)}`],
      [refLabel, oneLine(payment.ref)],
    ],
    [{ text: texts.after }],
  );
}

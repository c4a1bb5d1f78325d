import { formatMinor } from '@ezrecharge/shared';
import type { MailMessage } from '../../infra/mail';
import { escapeHtml, groupedNumber, oneLine, utc8Minute } from '../../infra/mail-text';

/**
 * Texts of the fulfilment e-mails. The receipt goes to the buyer in the language the order was placed in
 * (orders.lang), as plain text with a simple HTML part; every value in it is escaped in the HTML and flattened to
 * one line in the text, so a BIGO ID cannot add lines or markup.
 */

export type MailLang = 'en' | 'zh';

export interface ReceiptFacts {
  orderNum: string;
  bigoId: string;
  diamonds: number;
  amount: number;
  currency: string;
  deliveredAt: Date;
  lang: MailLang;
}

type Mail = Omit<MailMessage, 'to'>;

const RECEIPT_TEXTS = {
  en: {
    subject: (orderNum: string) => `Your EzRecharge receipt for order ${orderNum}`,
    hello: 'Hello,',
    intro: 'Your diamonds have been delivered to your BIGO LIVE account.',
    labels: ['Order number', 'BIGO ID', 'Diamonds', 'Amount paid', 'Delivered at'],
    zone: '(UTC+8)',
    note: 'Diamonds are not refundable once issued.',
    keep: 'Keep this e-mail as your receipt. If the diamonds do not show in your account, contact us with the order number.',
  },
  zh: {
    subject: (orderNum: string) => `EzRecharge 充值收据（订单 ${orderNum}）`,
    hello: '您好，',
    intro: '您购买的钻石已充值到您的 BIGO LIVE 账户。',
    labels: ['订单号', 'BIGO ID', '钻石数量', '支付金额', '充值时间'],
    zone: '（UTC+8）',
    note: '钻石一经发放，不予退款。',
    keep: '请保留此邮件作为收据。如果钻石未到账，请凭订单号联系客服。',
  },
} as const;

/** The buyer's receipt for a delivered order (status 9). */
export function receiptMail(facts: ReceiptFacts): Mail {
  const t = RECEIPT_TEXTS[facts.lang];
  const values = [
    facts.orderNum,
    oneLine(facts.bigoId),
    groupedNumber(facts.diamonds),
    `${facts.currency} ${formatMinor(facts.amount, facts.currency)}`,
    `${utc8Minute(facts.deliveredAt)} ${t.zone}`,
  ];
  const rows = t.labels.map((label, i) => [label, values[i] ?? ''] as const);
  const sep = facts.lang === 'zh' ? '：' : ': ';
  const text = [
    t.hello,
    '',
    t.intro,
    '',
    ...rows.map(([label, value]) => `${label}${sep}${value}`),
    '',
    t.note,
    '',
    t.keep,
    '',
    'EzRecharge',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${facts.lang}"><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(t.hello)}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p><strong>${escapeHtml(t.note)}</strong></p>`,
    `<p>${escapeHtml(t.keep)}</p>`,
    '<p>EzRecharge</p>',
    '</body></html>',
  ].join('\n');
  return { subject: t.subject(facts.orderNum), text, html };
}

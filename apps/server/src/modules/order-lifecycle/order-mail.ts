import {
  formatMinor,
  orderResultPath,
  SUPPORT_CONTACT_TEXTS,
  supportLines,
  type TLanguage,
} from '@ezrecharge/shared';
import type { MailMessage } from '../../infra/mail';
import { escapeHtml, groupedNumber, oneLine } from '../../infra/mail-text';
import type { OrderRow } from './order-row';

/**
 * The layout every e-mail to a buyer about an order shares (issue #27: one layout for the modules that write such
 * mails — fulfilment's receipt and notices, refunds' extra-payment mails): greeting, paragraphs, the order's facts,
 * the link to its result page, the support channels and hours. Each goes in the language the order was placed in
 * (orders.lang), as plain text with a simple HTML part; every value in it is escaped in the HTML and flattened to one
 * line in the text, so a BIGO ID cannot add lines or markup.
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

/** A mail to the buyer, as the job that sends it completes it with the address. */
export type Mail = Omit<MailMessage, 'to'>;

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

/** One paragraph of an order mail; `strong` ones are bold in the HTML part. */
export interface Paragraph {
  text: string;
  strong?: boolean;
}

/**
 * The layout every order mail shares: greeting, the paragraphs, the order's facts, the link to its result page,
 * the support channels and hours, and the sign-off.
 */
export function orderMail(
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

/** The subject of an order mail that tells of `headline`: "Delivery failed: we are on it (EzRecharge order X)". */
export function orderSubject(lang: MailLang, orderNum: string, headline: string): string {
  return ORDER_MAIL_TEXTS[lang].notice(orderNum, headline);
}

/** What every order mail shows of `order`. */
export function orderMailFacts(order: OrderRow, publicUrl: string): OrderMailFacts {
  return {
    orderNum: order.orderNum,
    bigoId: order.gameId,
    diamonds: order.amountGame,
    bonus: order.bonusGame,
    amount: order.amount,
    currency: order.currency,
    lang: order.lang === 'zh' ? 'zh' : 'en',
    publicUrl,
  };
}

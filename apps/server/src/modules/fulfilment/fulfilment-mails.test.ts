import { LANGUAGES, orderOutcomeText } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import { orderNoticeMail, receiptMail } from './fulfilment-mails';
import { ORDER_NOTICE_STATUSES } from './order-notices';

const facts = {
  orderNum: 'EZ20260101AAAA',
  bigoId: 'fan_1',
  diamonds: 700,
  amount: 2760,
  currency: 'SGD',
  publicUrl: 'https://shop.example.com',
};
const deliveredAt = new Date('2026-01-01T04:00:00Z');
const timeZone = 'Asia/Singapore';
const RESULT_URL = 'https://shop.example.com/home-order?order_num=EZ20260101AAAA';

describe('receipt amount', () => {
  it.each([
    ['en', 500, 'JPY', 'JPY 500'],
    ['zh', 500, 'JPY', 'JPY 500'],
    ['en', 2760, 'SGD', 'SGD 27.60'],
    ['zh', 1250, 'JOD', 'JOD 1.250'],
  ] as const)('in %s shows %i %s as %s', (lang, amount, currency, shown) => {
    const mail = receiptMail({ ...facts, deliveredAt, timeZone, lang, amount, currency });
    expect(mail.text).toContain(shown);
    expect(mail.html).toContain(shown);
    if (currency === 'JPY') expect(mail.text).not.toContain('5.00');
  });
});

/** What every order mail must carry: the order, the link to its page, and how to reach support and when. */
function expectOrderMailBasics(mail: { text: string; html?: string }, lang: 'en' | 'zh') {
  const html = mail.html ?? '';
  for (const part of [mail.text, html]) {
    expect(part).toContain('EZ20260101AAAA');
    expect(part).toContain('fan_1');
    expect(part).toContain('SGD 27.60');
    expect(part).toContain(RESULT_URL);
    expect(part).toContain('+65 8888 6666');
    expect(part).toContain('support@ezrecharge.com');
  }
  expect(html).toContain(`<a href="${RESULT_URL}">`);
  expect(html).toContain('<a href="https://wa.me/6588886666">');
  if (lang === 'en') {
    expect(mail.text).toContain('Hours: Monday to Sunday, 10:00 – 01:00 (next day)');
    expect(mail.text).toContain('Please give your order number: EZ20260101AAAA');
  } else {
    expect(mail.text).toContain('服务时间：周一至周日 10:00–次日 01:00');
    expect(mail.text).toContain('联系时请提供订单号：EZ20260101AAAA');
  }
}

describe('receipt', () => {
  it.each(LANGUAGES)('in %s links to the order page and names support and its hours', (lang) => {
    const mail = receiptMail({ ...facts, deliveredAt, timeZone, lang });
    expectOrderMailBasics(mail, lang);
    expect(mail.text).toContain(
      lang === 'en'
        ? 'Delivered at: 2026-01-01 12:00 (Singapore Standard Time, GMT+8)'
        : '充值时间：2026-01-01 12:00（新加坡标准时间，GMT+8）',
    );
  });
});

describe('order notices', () => {
  for (const status of ORDER_NOTICE_STATUSES) {
    it.each(LANGUAGES)(`for status ${status} in %s say what the result page says`, (lang) => {
      const mail = orderNoticeMail({ ...facts, lang }, status);
      const outcome = orderOutcomeText(status, lang);
      expect(mail.subject).toBe(
        lang === 'en'
          ? `${outcome.headline} (EzRecharge order EZ20260101AAAA)`
          : `${outcome.headline}（EzRecharge 订单 EZ20260101AAAA）`,
      );
      const [next, todo] =
        lang === 'en' ? ['What happens next: ', 'What to do: '] : ['接下来：', '您需要做的：'];
      // Each under its heading, as on the result page (issue #32: "Nothing: we e-mail you…" read alone).
      for (const part of [outcome.headline, `${next}${outcome.next}`, `${todo}${outcome.todo}`]) {
        expect(mail.text).toContain(part);
        expect(mail.html).toContain(part);
      }
      expectOrderMailBasics(mail, lang);
      // A receipt's words never appear in a notice: this order was not delivered.
      expect(mail.text).not.toContain('receipt');
      expect(mail.text).not.toContain('收据');
    });
  }

  it('reads differently for each event', () => {
    const subjects = ORDER_NOTICE_STATUSES.map((s) => orderNoticeMail({ ...facts, lang: 'en' }, s).subject);
    expect(new Set(subjects).size).toBe(ORDER_NOTICE_STATUSES.length);
  });

  it('keeps a BIGO ID with line breaks and markup on one line and inert', () => {
    const bigoId = 'fan\r\nBcc: victim@example.com\n<img src=x onerror=alert(1)>';
    for (const mail of [
      orderNoticeMail({ ...facts, bigoId, lang: 'en' }, 10),
      receiptMail({ ...facts, bigoId, deliveredAt, timeZone, lang: 'zh' }),
    ]) {
      expect(mail.text).not.toMatch(/^Bcc:/m);
      expect(mail.text).toContain('fan  Bcc: victim@example.com <img');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });
});

describe('bonus diamonds (issue #16)', () => {
  it.each([
    ['en', 'Diamonds: 4,100 + 100 bonus diamonds'],
    ['zh', '钻石数量：4,100 + 100 赠送钻石'],
  ] as const)('in %s the receipt shows the bought and the bonus diamonds apart', (lang, shown) => {
    const mail = receiptMail({ ...facts, diamonds: 4100, bonus: 100, deliveredAt, timeZone, lang });
    expect(mail.text).toContain(shown);
    expect(mail.html).toContain(shown.slice(shown.indexOf('4,100')));
    const notice = orderNoticeMail({ ...facts, diamonds: 4100, bonus: 100, lang }, 11);
    expect(notice.text).toContain(shown);
  });

  it('shows no bonus when the order has none', () => {
    const mail = receiptMail({ ...facts, bonus: 0, deliveredAt, timeZone, lang: 'en' });
    expect(mail.text).toContain('Diamonds: 700\n');
    expect(mail.text).not.toContain('bonus');
  });
});

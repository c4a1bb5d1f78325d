import { describe, expect, it } from 'vitest';
import { receiptMail } from './fulfilment-mails';

const facts = {
  orderNum: 'EZ20260101AAAA',
  bigoId: 'fan_1',
  diamonds: 700,
  deliveredAt: new Date('2026-01-01T04:00:00Z'),
};

describe('receipt amount', () => {
  it.each([
    ['en', 500, 'JPY', 'JPY 500'],
    ['zh', 500, 'JPY', 'JPY 500'],
    ['en', 2760, 'SGD', 'SGD 27.60'],
    ['zh', 1250, 'JOD', 'JOD 1.250'],
  ] as const)('in %s shows %i %s as %s', (lang, amount, currency, shown) => {
    const mail = receiptMail({ ...facts, lang, amount, currency });
    expect(mail.text).toContain(shown);
    expect(mail.html).toContain(shown);
    if (currency === 'JPY') expect(mail.text).not.toContain('5.00');
  });
});

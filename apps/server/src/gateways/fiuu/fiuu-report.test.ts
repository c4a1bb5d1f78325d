import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fiuuDailyReportSkey, fiuuTime, fromFiuuTime, parseDailyReport, recordOfRow } from './fiuu-report';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe("Fiuu's Daily Transaction Report", () => {
  it('signs with md5(rdate + merchantID + secret_key), as the spec and the Postman collection write it', () => {
    expect(fiuuDailyReportSkey('2025-05-14', 'merchant_1', 'secret')).toBe(md5('2025-05-14merchant_1secret'));
  });

  it('asks and reads times in Malaysia time', () => {
    expect(fiuuTime(new Date('2026-12-04T16:00:00Z'))).toBe('2026-12-05 00:00:00');
    expect(fromFiuuTime('2026-12-05 00:00:00')?.toISOString()).toBe('2026-12-04T16:00:00.000Z');
    expect(fromFiuuTime('yesterday')).toBeNull();
  });

  it('reads the JSON answer, TAB lines with or without a header, and an error answer', () => {
    const row = {
      BillingDate: '2026-12-05 10:00:00',
      OrderID: 'EZ1',
      TranID: '1234567890',
      Channel: 'credit',
      Amount: '27.60',
      StatCode: '00',
      StatName: 'captured',
      BillingName: 'guest',
      ServiceItem: 'x',
    };
    expect(parseDailyReport(JSON.stringify([row]))).toEqual([row]);
    const values = Object.values(row).join('\t');
    expect(parseDailyReport(`${Object.keys(row).join('\t')}\n${values}\n`)).toEqual([row]);
    expect(parseDailyReport(`${values}\n`)).toEqual([row]);
    expect(parseDailyReport('{"error_code":"Q202","error_desc":"Incorrect skey"}')).toEqual({
      error: 'Fiuu daily report: Q202 Incorrect skey',
    });
    expect(parseDailyReport('')).toEqual([]);
  });

  it('makes a record of a row: paid, failed, and a chargeback as a refund of the payment', () => {
    const base = { TranID: '1', OrderID: 'EZ1', Amount: '5.00', BillingDate: '2026-12-05 10:00:00' };
    expect(recordOfRow({ ...base, StatCode: '00', StatName: 'captured' })).toMatchObject({
      kind: 'payment',
      state: 'paid',
      amount: '5.00',
      currency: null,
      at: '2026-12-05T02:00:00.000Z',
    });
    expect(recordOfRow({ ...base, StatCode: '11', StatName: 'failed' })).toMatchObject({ state: 'failed' });
    expect(recordOfRow({ ...base, StatCode: '11', StatName: 'chargeback' })).toMatchObject({
      kind: 'refund',
      state: 'chargeback',
    });
    expect(recordOfRow({ ...base, TranID: '' })).toBeNull();
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { md5 } from './fiuu-protocol';
import {
  fiuuSettlementRefunds,
  fiuuSettlementToken,
  parseSettlementReport,
  refundRecordsOf,
} from './fiuu-settlement';

/** The spec's own example records (API Spec for Merchant v13.86 p. 90-91), as printed there. */
const HEADER = {
  RecordIdentifier: 'H',
  SettlementCurrency: 'MYR',
  SettlementNetAmount: '1033293',
  SettlementCommissionAmount: '2439',
  NumberOfTransactions: 15,
  BatchReferenceNumber: '20170817-613',
  SettlementDate: '20170817',
  SettlementGSTAmount: '2239',
  BankAccount: '(MALAYAN BANKING BHD) MerchantID SDN BHD 5144 8457 3110',
  RefundNetAmount: '179741',
  RefundGSTAmount: '334',
};
const SETTLED = {
  RecordIdentifier: 'D',
  MerchantId: 'merchantIDSB',
  OrderId: 'OP-02559',
  Channel: 'maybank2u',
  AcquirerReference: '18300981',
  RefundFees: '0',
  TransactionNetAmount: '9732',
  TransactionCommissionAmount: '178',
  TransactionDate: '20170807',
  TransactionTime: '112250',
  TransactionGrossAmount: '9900',
  TransactionCurrency: 'MYR',
  TransactionGST: '010',
  SettlementNetAmountInProcessingCurrency: '9722',
  SettlementNetAmount: '000',
  SettlementCurrency: 'MYR',
  Forex: null,
  Status: 'SETTLED',
};
const REFUND = {
  RecordIdentifier: 'R',
  MerchantId: 'merchantIDSB',
  OrderId: '54671293761293',
  Channel: 'credit',
  AcquirerReference: '13251784',
  RefundFees: 0,
  TransactionNetAmount: '-179741',
  TransactionCommissionAmount: '000',
  TransactionDate: '20170503',
  TransactionTime: '155958',
  TransactionGrossAmount: '-185300',
  TransactionCurrency: 'MYR',
  TransactionGST: '-018',
  SettlementNetAmountInProcessingCurrency: '-179741',
  SettlementNetAmount: '000',
  SettlementCurrency: 'MYR',
  Forex: null,
  Status: 'REFUND',
};

describe("Fiuu's Settlement Report", () => {
  it('is signed md5({merchantID}{verify_key}{date})', () => {
    expect(fiuuSettlementToken('ACME', 'vk', '2026-12-05')).toBe(md5('ACMEvk2026-12-05'));
  });

  it("reads the spec's example: the refund record only, its amount in major units, dated on the batch", () => {
    const rows = parseSettlementReport(JSON.stringify([HEADER, SETTLED, REFUND]));
    if ('error' in rows) throw new Error(rows.error);
    expect(refundRecordsOf(rows, '2017-08-17')).toEqual([
      {
        kind: 'refund',
        state: 'refunded',
        orderNum: '54671293761293',
        ref: '13251784',
        paymentRef: '13251784',
        amount: '1853.00',
        currency: 'MYR',
        at: '2017-08-17T04:00:00.000Z',
        detail: {
          RecordIdentifier: 'R',
          SettlementDate: '2017-08-17',
          AcquirerReference: '13251784',
          Channel: 'credit',
          Status: 'REFUND',
        },
      },
    ]);
  });

  it('names a chargeback as one, takes a G record only without its R, and says what Fiuu refused', () => {
    const chargeback = { ...REFUND, Status: 'CHARGEBACK', RefundID: '555' };
    const fullBeforeSettlement = { ...SETTLED, RecordIdentifier: 'G', Status: 'CANCELLED' };
    const rows = parseSettlementReport(JSON.stringify([chargeback, fullBeforeSettlement]));
    if ('error' in rows) throw new Error(rows.error);
    expect(refundRecordsOf(rows, '2017-08-17').map((r) => [r.state, r.ref, r.amount])).toEqual([
      ['chargeback', '555', '1853.00'],
      ['refunded', '18300981', '99.00'],
    ]);
    const both = parseSettlementReport(JSON.stringify([REFUND, { ...REFUND, RecordIdentifier: 'G' }]));
    if ('error' in both) throw new Error(both.error);
    expect(refundRecordsOf(both, '2017-08-17')).toHaveLength(1);

    expect(parseSettlementReport('{"success":false,"token":"invalid token"}')).toEqual({
      error: 'Fiuu settlement report: token: invalid token',
    });
    expect(parseSettlementReport('<html>')).toEqual({
      error: 'Fiuu settlement report: the answer is not readable JSON',
    });
  });

  it('never reads an error Fiuu answers as a day without refunds: the day stays unread', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"success":false,"date":"no record found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fiuuSettlementRefunds(
        { apiUrl: `http://127.0.0.1:${port}`, merchantId: 'ACME', verifyKey: 'vk' },
        pino({ level: 'silent' }),
        '2026-12-05',
      );
      expect(answer).toEqual({ ok: false, reason: 'Fiuu settlement report: date: no record found' });
    } finally {
      server.close();
    }
  });
});

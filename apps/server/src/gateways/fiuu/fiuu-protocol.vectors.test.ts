import { formatMinor } from '@ezrecharge/shared';
import vectors from '@ezrecharge/vendor-vectors/fiuu.json' with { type: 'json' };
import { pick, rowsOf, text } from '@ezrecharge/vendor-vectors/rows';
import { describe, expect, it } from 'vitest';
import {
  fiuuExtendedVcode,
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuRefundAnswerSignature,
  fiuuRefundQuerySignature,
  fiuuRefundSignature,
  fiuuSkey,
  fiuuVcode,
} from './fiuu-protocol';
import { fiuuDailyReportSkey } from './fiuu-report';
import { fiuuSettlementToken } from './fiuu-settlement';

/**
 * Our Fiuu formulas against vectors computed with Fiuu's own published code: the Postman collection's pre-request
 * scripts (github.com/FiuuPayment/Documentation-Fiuu_API_Spec, Fiuu_Postman_Collection_V2.2.zip), the PHP SDK
 * (RazerMS/SDK-RazerMS_PHP), the WooCommerce plugin and the spec's own PHP samples; where no vendor code computes a
 * value (the q_by_oid VrfKey, the refund answer Signature) the spec's formula, evaluated with PHP. Each vector's
 * `source` says which (packages/vendor-vectors/README.md).
 */

const ofKind = (kind: string) => rowsOf(vectors, kind);

const SKEY_FIELDS = [
  'tranID',
  'orderid',
  'status',
  'domain',
  'amount',
  'currency',
  'paydate',
  'appcode',
] as const;
const VRFKEY_FIELDS = ['Amount', 'Domain', 'OrderID', 'StatCode'] as const;
const REFUND_FIELDS = ['RefundType', 'MerchantID', 'RefID', 'TxnID', 'Amount'] as const;
const REFUND_ANSWER_FIELDS = [
  'RefundType',
  'MerchantID',
  'RefID',
  'RefundID',
  'TxnID',
  'Amount',
  'Status',
] as const;

describe('Fiuu formulas match Fiuu’s own code', () => {
  it.each(ofKind('fiuu.vcode'))('vcode: %s', (_n, i, o) => {
    expect(fiuuVcode(text(i.amount), text(i.merchantID), text(i.orderid), text(i.verifyKey))).toBe(o.vcode);
  });

  // The PHP SDK formats the amount with number_format($amount, 2) before hashing; the hand-off formats the order's
  // minor units with formatMinor (fiuu-client.ts), which must give the same text for every currency Fiuu takes.
  it.each(ofKind('fiuu.vcode.sdk-amount'))('vcode over the amount as the SDK formats it: %s', (_n, i, o) => {
    const minor = Math.round(Number(i.amountArg) * 100);
    for (const currency of ['MYR', 'SGD', 'USD', 'CNY']) expect(formatMinor(minor, currency)).toBe(o.amount);
    const amount = formatMinor(minor, 'MYR');
    expect(fiuuVcode(amount, text(i.merchantID), text(i.orderid), text(i.verifyKey))).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.vcode.extended'))('extended vcode: %s', (_n, i, o) => {
    const { amount, merchantID, orderid, verifyKey, currency } = pick(i, [
      'amount',
      'merchantID',
      'orderid',
      'verifyKey',
      'currency',
    ]);
    expect(fiuuExtendedVcode(amount, merchantID, orderid, verifyKey, currency)).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.skey.result'))('result skey: %s', (_n, i, o) => {
    expect(fiuuSkey(pick(i, SKEY_FIELDS), text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.skey'))('q_by_oid request skey: %s', (_n, i, o) => {
    expect(fiuuQuerySkey(text(i.oID), text(i.domain), text(i.verifyKey), text(i.amount))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.vrfkey'))('q_by_oid answer VrfKey: %s', (_n, i, o) => {
    expect(fiuuQueryVrfKey(pick(i, VRFKEY_FIELDS), text(i.secretKey))).toBe(o.VrfKey);
  });

  it.each(ofKind('fiuu.refund.request'))('refund request Signature: %s', (_n, i, o) => {
    expect(fiuuRefundSignature(pick(i, REFUND_FIELDS), text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.answer'))('refund answer Signature: %s', (_n, i, o) => {
    expect(fiuuRefundAnswerSignature(pick(i, REFUND_ANSWER_FIELDS), text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.status.by-refid'))('refund status by RefID Signature: %s', (_n, i, o) => {
    expect(fiuuRefundQuerySignature(text(i.RefID), text(i.MerchantID), text(i.verifyKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.daily-report.skey'))('daily report skey: %s', (_n, i, o) => {
    expect(fiuuDailyReportSkey(text(i.rdate), text(i.merchantID), text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.settlement.token'))('settlement report token: %s', (_n, i, o) => {
    expect(fiuuSettlementToken(text(i.merchant_id), text(i.verifyKey), text(i.date))).toBe(o.token);
  });
});

import vectors from '@ezrecharge/vendor-vectors/fiuu.json' with { type: 'json' };
import { pick, rowsOf, text } from '@ezrecharge/vendor-vectors/rows';
import { describe, expect, it } from 'vitest';
import {
  dailyReportSkey,
  queryAnswerVrfKey,
  queryRequestSkey,
  refundAnswerSignature,
  refundQuerySignature,
  refundRequestSignature,
  resultSkey,
  settlementReportToken,
  vcode,
} from '../src/fiuu-formulas';

/**
 * The Fiuu sandbox's formulas against the vectors computed with Fiuu's own code (Postman scripts, PHP SDK,
 * WooCommerce plugin, the spec's PHP samples; packages/vendor-vectors/README.md names each source): the same
 * vectors the shop's client is tested with, so the two sides agree with Fiuu rather than with each other.
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

describe('Fiuu sandbox formulas match Fiuu’s own code', () => {
  it.each([...ofKind('fiuu.vcode'), ...ofKind('fiuu.vcode.extended')])('vcode: %s', (_n, i, o) => {
    const fields = { amount: text(i.amount), merchantId: text(i.merchantID), orderId: text(i.orderid) };
    const currency = i.currency === undefined ? {} : { currency: text(i.currency) };
    expect(vcode({ ...fields, ...currency }, text(i.verifyKey))).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.skey.result'))('result skey: %s', (_n, i, o) => {
    expect(resultSkey(pick(i, SKEY_FIELDS), text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.skey'))('q_by_oid skey: %s', (_n, i, o) => {
    expect(queryRequestSkey(pick(i, ['oID', 'domain', 'amount']), text(i.verifyKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.vrfkey'))('q_by_oid VrfKey: %s', (_n, i, o) => {
    expect(queryAnswerVrfKey(pick(i, VRFKEY_FIELDS), text(i.secretKey))).toBe(o.VrfKey);
  });

  it.each(ofKind('fiuu.refund.request'))('refund request Signature: %s', (_n, i, o) => {
    expect(refundRequestSignature(pick(i, REFUND_FIELDS), text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.answer'))('refund answer Signature: %s', (_n, i, o) => {
    expect(refundAnswerSignature(pick(i, REFUND_ANSWER_FIELDS), text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.status.by-refid'))('refund status by RefID Signature: %s', (_n, i, o) => {
    expect(refundQuerySignature(pick(i, ['RefID', 'MerchantID']), text(i.verifyKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.daily-report.skey'))('daily report skey: %s', (_n, i, o) => {
    expect(dailyReportSkey(pick(i, ['rdate', 'merchantID']), text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.settlement.token'))('settlement report token: %s', (_n, i, o) => {
    expect(settlementReportToken(pick(i, ['merchant_id', 'date']), text(i.verifyKey))).toBe(o.token);
  });
});

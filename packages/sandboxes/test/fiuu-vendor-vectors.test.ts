import vectors from '@ezrecharge/vendor-vectors/fiuu.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  queryAnswerVrfKey,
  queryRequestSkey,
  refundAnswerSignature,
  refundQuerySignature,
  refundRequestSignature,
  resultSkey,
  vcode,
} from '../src/fiuu-formulas';

/**
 * The Fiuu sandbox's formulas against the vectors computed with Fiuu's own code (Postman scripts, PHP SDK,
 * WooCommerce plugin, the spec's PHP samples; packages/vendor-vectors/README.md names each source): the same
 * vectors the shop's client is tested with, so the two sides agree with Fiuu rather than with each other.
 */

type Fields = Record<string, unknown>;
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error(`vector field is not a string: ${String(value)}`);
  return value;
};
const ofKind = (kind: string) =>
  vectors.filter((v) => v.kind === kind).map((v) => [v.name, v.input as Fields, v.output as Fields] as const);

describe('Fiuu sandbox formulas match Fiuu’s own code', () => {
  it.each(ofKind('fiuu.vcode'))('vcode: %s', (_n, i, o) => {
    const fields = { amount: text(i.amount), merchantId: text(i.merchantID), orderId: text(i.orderid) };
    expect(vcode(fields, text(i.verifyKey))).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.vcode.extended'))('extended vcode: %s', (_n, i, o) => {
    const fields = {
      amount: text(i.amount),
      merchantId: text(i.merchantID),
      orderId: text(i.orderid),
      currency: text(i.currency),
    };
    expect(vcode(fields, text(i.verifyKey))).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.skey.result'))('result skey: %s', (_n, i, o) => {
    const fields = {
      tranID: text(i.tranID),
      orderid: text(i.orderid),
      status: text(i.status),
      domain: text(i.domain),
      amount: text(i.amount),
      currency: text(i.currency),
      paydate: text(i.paydate),
      appcode: text(i.appcode),
    };
    expect(resultSkey(fields, text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.skey'))('q_by_oid skey: %s', (_n, i, o) => {
    const fields = { oID: text(i.oID), domain: text(i.domain), amount: text(i.amount) };
    expect(queryRequestSkey(fields, text(i.verifyKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.vrfkey'))('q_by_oid VrfKey: %s', (_n, i, o) => {
    const fields = {
      Amount: text(i.Amount),
      Domain: text(i.Domain),
      OrderID: text(i.OrderID),
      StatCode: text(i.StatCode),
    };
    expect(queryAnswerVrfKey(fields, text(i.secretKey))).toBe(o.VrfKey);
  });

  it.each(ofKind('fiuu.refund.request'))('refund request Signature: %s', (_n, i, o) => {
    const fields = {
      RefundType: text(i.RefundType),
      MerchantID: text(i.MerchantID),
      RefID: text(i.RefID),
      TxnID: text(i.TxnID),
      Amount: text(i.Amount),
    };
    expect(refundRequestSignature(fields, text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.answer'))('refund answer Signature: %s', (_n, i, o) => {
    const fields = {
      RefundType: text(i.RefundType),
      MerchantID: text(i.MerchantID),
      RefID: text(i.RefID),
      RefundID: text(i.RefundID),
      TxnID: text(i.TxnID),
      Amount: text(i.Amount),
      Status: text(i.Status),
    };
    expect(refundAnswerSignature(fields, text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.status.by-refid'))('refund status by RefID Signature: %s', (_n, i, o) => {
    const fields = { RefID: text(i.RefID), MerchantID: text(i.MerchantID) };
    expect(refundQuerySignature(fields, text(i.verifyKey))).toBe(o.Signature);
  });
});

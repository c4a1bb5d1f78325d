import vectors from '@ezrecharge/vendor-vectors/fiuu.json' with { type: 'json' };
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

/**
 * Our Fiuu formulas against vectors computed with Fiuu's own published code: the Postman collection's pre-request
 * scripts (github.com/FiuuPayment/Documentation-Fiuu_API_Spec, Fiuu_Postman_Collection_V2.2.zip), the PHP SDK
 * (RazerMS/SDK-RazerMS_PHP), the WooCommerce plugin and the spec's own PHP samples; where no vendor code computes a
 * value (the q_by_oid VrfKey, the refund answer Signature) the spec's formula, evaluated with PHP. Each vector's
 * `source` says which (packages/vendor-vectors/README.md).
 */

type Fields = Record<string, unknown>;
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error(`vector field is not a string: ${String(value)}`);
  return value;
};
const ofKind = (kind: string) =>
  vectors.filter((v) => v.kind === kind).map((v) => [v.name, v.input as Fields, v.output as Fields] as const);

describe('Fiuu formulas match Fiuu’s own code', () => {
  it.each(ofKind('fiuu.vcode'))('vcode: %s', (_n, i, o) => {
    expect(fiuuVcode(text(i.amount), text(i.merchantID), text(i.orderid), text(i.verifyKey))).toBe(o.vcode);
  });

  it.each(ofKind('fiuu.vcode.extended'))('extended vcode: %s', (_n, i, o) => {
    const vcode = fiuuExtendedVcode(
      text(i.amount),
      text(i.merchantID),
      text(i.orderid),
      text(i.verifyKey),
      text(i.currency),
    );
    expect(vcode).toBe(o.vcode);
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
    expect(fiuuSkey(fields, text(i.secretKey))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.skey'))('q_by_oid request skey: %s', (_n, i, o) => {
    expect(fiuuQuerySkey(text(i.oID), text(i.domain), text(i.verifyKey), text(i.amount))).toBe(o.skey);
  });

  it.each(ofKind('fiuu.requery.q_by_oid.vrfkey'))('q_by_oid answer VrfKey: %s', (_n, i, o) => {
    const answer = {
      Amount: text(i.Amount),
      Domain: text(i.Domain),
      OrderID: text(i.OrderID),
      StatCode: text(i.StatCode),
    };
    expect(fiuuQueryVrfKey(answer, text(i.secretKey))).toBe(o.VrfKey);
  });

  it.each(ofKind('fiuu.refund.request'))('refund request Signature: %s', (_n, i, o) => {
    const fields = {
      RefundType: text(i.RefundType),
      MerchantID: text(i.MerchantID),
      RefID: text(i.RefID),
      TxnID: text(i.TxnID),
      Amount: text(i.Amount),
    };
    expect(fiuuRefundSignature(fields, text(i.secretKey))).toBe(o.Signature);
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
    expect(fiuuRefundAnswerSignature(fields, text(i.secretKey))).toBe(o.Signature);
  });

  it.each(ofKind('fiuu.refund.status.by-refid'))('refund status by RefID Signature: %s', (_n, i, o) => {
    expect(fiuuRefundQuerySignature(text(i.RefID), text(i.MerchantID), text(i.verifyKey))).toBe(o.Signature);
  });
});

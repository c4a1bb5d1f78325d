import { describe, expect, it } from 'vitest';
import {
  fiuuDateTime,
  queryAnswerVrfKey,
  queryRequestSkey,
  refundAnswerSignature,
  refundQuerySignature,
  refundRequestSignature,
  resultSkey,
  sameHash,
  vcode,
} from './fiuu-formulas';

/**
 * Each expected value was computed outside this code base (Python's hashlib) from the formula as Fiuu's "API Spec
 * for Merchant" v13.86 writes it, over the spec's own example fields (amount 27.60, merchant ACME, order OD8842).
 */
const verifyKey = 'f5bb0c8de146c67b44babbf4e6584cc0';
const secretKey = '0b2fbcd7b2b9e0e8c7d4a1f5e6a9b3c2';

describe('Fiuu formulas', () => {
  it('vcode = md5(amount + merchantID + orderID + verify_key), with currency appended when enabled', () => {
    expect(vcode({ amount: '27.60', merchantId: 'ACME', orderId: 'OD8842' }, verifyKey)).toBe(
      '511b10ef1fe0f678ee85aaafc1b36934',
    );
    expect(
      vcode({ amount: '27.60', merchantId: 'ACME', orderId: 'OD8842', currency: 'MYR' }, verifyKey),
    ).toBe('5bf33e6500a53830d4f80087b67e13de');
  });

  it('skey = md5(paydate + merchantID + md5(txnID + orderID + status + merchantID + amount + currency) + appcode + secret_key)', () => {
    const fields = {
      tranID: '2524820833',
      orderid: 'OD8842',
      status: '00',
      domain: 'ACME',
      amount: '27.60',
      currency: 'MYR',
      paydate: '2026-01-02 10:20:30',
      appcode: 'A1B2C3',
    };
    expect(resultSkey(fields, secretKey)).toBe('e2006461ad773a7aef1878a8eb8b2e93');
    // Every covered field matters.
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
      expect(resultSkey({ ...fields, [key]: `${fields[key]}x` }, secretKey)).not.toBe(
        'e2006461ad773a7aef1878a8eb8b2e93',
      );
    }
  });

  it('q_by_oid: skey = md5(oID + domain + verify_key + amount); VrfKey = md5(Amount + secret_key + Domain + OrderID + StatCode)', () => {
    expect(queryRequestSkey({ oID: 'OD8842', domain: 'ACME', amount: '27.60' }, verifyKey)).toBe(
      '84e6e3d49d5e473766463048bb357fb9',
    );
    expect(
      queryAnswerVrfKey({ Amount: '27.60', Domain: 'ACME', OrderID: 'OD8842', StatCode: '00' }, secretKey),
    ).toBe('ce8dfac77c5b49d422af325a3c849b77');
  });

  it('refund: request and answer Signatures with the secret key, status inquiry with the verify key', () => {
    const request = {
      RefundType: 'P',
      MerchantID: 'ACME',
      RefID: 'OD8842R1',
      TxnID: '2524820833',
      Amount: '27.60',
    };
    expect(refundRequestSignature(request, secretKey)).toBe('f91e49591ce8c5053f1b2dba82a78cd5');
    expect(refundAnswerSignature({ ...request, RefundID: '30365812', Status: '00' }, secretKey)).toBe(
      '989e96843070e3b2b4010890e7aa76c8',
    );
    expect(refundQuerySignature({ RefID: 'OD8842R1', MerchantID: 'ACME' }, verifyKey)).toBe(
      '944a60e8dcd6b0359d0b6bc132a0bbad',
    );
  });

  it('compares hashes in any case and refuses anything that is not 32 hex digits', () => {
    expect(sameHash('511b10ef1fe0f678ee85aaafc1b36934', '511B10EF1FE0F678EE85AAAFC1B36934')).toBe(true);
    expect(sameHash('511b10ef1fe0f678ee85aaafc1b36934', '511b10ef1fe0f678ee85aaafc1b36935')).toBe(false);
    expect(sameHash('511b10ef1fe0f678ee85aaafc1b36934', undefined)).toBe(false);
    expect(sameHash('511b10ef1fe0f678ee85aaafc1b36934', '511b10ef')).toBe(false);
  });

  it('writes paydate as YYYY-MM-DD HH:mm:ss in Malaysia time', () => {
    expect(fiuuDateTime(new Date('2026-01-01T20:30:05Z'))).toBe('2026-01-02 04:30:05');
  });
});

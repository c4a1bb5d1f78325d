import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fiuuExtendedVcode,
  fiuuQueryError,
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuRefundBankDetails,
  fiuuRefundErrorKind,
  fiuuSkey,
  fiuuState,
  fiuuVcode,
  formFields,
  isCancelledFailure,
  sameDigest,
} from './fiuu-protocol';

const hex = (s: string) => createHash('md5').update(s).digest('hex');

describe('fiuu vcode', () => {
  const key = 'f5bb0c8de146c67b44babbf4e6584cc0';
  it('changes when the amount or (extended) the currency changes, so neither can be edited in the browser', () => {
    expect(fiuuVcode('27.61', 'ACME', 'OD8842', key)).not.toBe(fiuuVcode('27.60', 'ACME', 'OD8842', key));
    expect(fiuuExtendedVcode('27.60', 'ACME', 'OD8842', key, 'SGD')).not.toBe(
      fiuuExtendedVcode('27.60', 'ACME', 'OD8842', key, 'MYR'),
    );
    // The two forms differ: sending the one the merchant portal is not set for makes Fiuu refuse the payment.
    expect(fiuuExtendedVcode('27.60', 'ACME', 'OD8842', key, 'MYR')).not.toBe(
      fiuuVcode('27.60', 'ACME', 'OD8842', key),
    );
  });
});

describe('fiuu skey', () => {
  const fields = {
    tranID: '1234567890',
    orderid: 'OD8842',
    status: '00',
    domain: 'ACME',
    amount: '27.60',
    currency: 'MYR',
    paydate: '2024-05-01 12:34:56',
    appcode: 'A1B2C3',
  };

  it('is md5(paydate + domain + md5(tranID orderid status domain amount currency) + appcode + secret)', () => {
    const key0 = hex('1234567890OD884200ACME27.60MYR');
    const expected = hex(`2024-05-01 12:34:56ACME${key0}A1B2C3my-secret-key`);
    expect(fiuuSkey(fields, 'my-secret-key')).toBe(expected);
  });

  it('keeps an empty appcode (failed payments carry none) in the formula', () => {
    const key0 = hex('1234567890OD884211ACME27.60MYR');
    expect(fiuuSkey({ ...fields, status: '11', appcode: '' }, 's3cret')).toBe(
      hex(`2024-05-01 12:34:56ACME${key0}s3cret`),
    );
  });

  it('differs for every field it covers', () => {
    const base = fiuuSkey(fields, 'k');
    for (const name of Object.keys(fields) as (keyof typeof fields)[]) {
      expect(fiuuSkey({ ...fields, [name]: `${fields[name]}x` }, 'k'), name).not.toBe(base);
    }
    expect(fiuuSkey(fields, 'other')).not.toBe(base);
  });
});

describe('fiuu status query hashes', () => {
  it('request skey is md5(oID + domain + verify_key + amount)', () => {
    expect(fiuuQuerySkey('OD8842', 'ACME', 'vkey', '27.60')).toBe(hex('OD8842ACMEvkey27.60'));
  });

  it('answer VrfKey is md5(Amount + secret_key + Domain + OrderID + StatCode)', () => {
    expect(
      fiuuQueryVrfKey({ Amount: '27.60', Domain: 'ACME', OrderID: 'OD8842', StatCode: '00' }, 'sk'),
    ).toBe(hex('27.60skACMEOD884200'));
  });
});

describe('sameDigest', () => {
  it('accepts the same digest in any case and refuses anything else', () => {
    const d = hex('x');
    expect(sameDigest(d, d)).toBe(true);
    expect(sameDigest(d, d.toUpperCase())).toBe(true);
    expect(sameDigest(d, hex('y'))).toBe(false);
    expect(sameDigest(d, undefined)).toBe(false);
    expect(sameDigest(d, '')).toBe(false);
    expect(sameDigest(d, `${d}00`)).toBe(false);
    expect(sameDigest(d, 'z'.repeat(32))).toBe(false);
  });
});

describe('fiuu codes', () => {
  it('maps 00 / 11 / 22 and nothing else', () => {
    expect(fiuuState('00')).toBe('paid');
    expect(fiuuState('11')).toBe('failed');
    expect(fiuuState('22')).toBe('pending');
    expect(fiuuState('0')).toBeNull();
    expect(fiuuState(undefined)).toBeNull();
  });

  it('calls a failure cancelled when its error code or text says cancel', () => {
    // Fiuu's card channel codes (spec "Error Codes from Payment Channel").
    expect(isCancelledFailure('CC_9935', 'Cancel payment by customer.')).toBe(true);
    expect(isCancelledFailure('', 'Transaction canceled by user')).toBe(true);
    expect(isCancelledFailure('ReqCancel', '')).toBe(true);
    expect(isCancelledFailure('CC_05', 'Do not honor')).toBe(false);
    expect(isCancelledFailure('', '')).toBe(false);
  });
});

describe('formFields', () => {
  it('keeps text fields, the first of a repeated field, and drops everything else', () => {
    expect(formFields({ a: '1', b: ['2', '3'], c: 4, d: { e: 'f' } })).toEqual({ a: '1', b: '2' });
    expect(formFields(null)).toEqual({});
    expect(formFields('a=1')).toEqual({});
  });

  it('bounds what it keeps', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(5000)]));
    const kept = formFields(many);
    expect(Object.keys(kept)).toHaveLength(64);
    expect(kept.k0).toHaveLength(2000);
  });
});

describe('fiuu status query errors', () => {
  it('reads Fiuu’s PSQ codes from a JSON answer or from text, and groups them as the spec does', () => {
    expect(fiuuQueryError({ error_code: 'Q203', error_desc: 'Transaction record not found' }, '')).toEqual({
      code: 'Q203',
      kind: 'not_found',
      meaning: 'transaction record not found',
    });
    expect(fiuuQueryError({}, 'Q00005 Transaction record not found').kind).toBe('not_found');
    expect(fiuuQueryError({ StatName: 'Q202' }, '').kind).toBe('credentials');
    expect(fiuuQueryError({ ErrorCode: 'Q04' }, '').kind).toBe('credentials');
    expect(fiuuQueryError({ error_code: 'Q99' }, '').kind).toBe('blocked');
    expect(fiuuQueryError({ error_code: 'Q03' }, '').kind).toBe('retry');
    expect(fiuuQueryError({ error_code: 'Q06' }, '').kind).toBe('retry');
  });

  it('counts "not found" wording without a code as not found, and anything else as no answer', () => {
    expect(fiuuQueryError({ StatName: 'Data not found' }, '').kind).toBe('not_found');
    expect(fiuuQueryError({}, '').kind).toBe('retry');
    // An unknown Q code is not guessed at.
    expect(fiuuQueryError({ error_code: 'Q777' }, '')).toMatchObject({ code: null, kind: 'retry' });
  });
});

describe('fiuu refunds', () => {
  it('asks for the buyer’s bank for online banking only, and when the channel is not known', () => {
    for (const channel of [
      'FPX',
      'FPX_MB2U',
      'FPX_B2B_HLB',
      'MB2u',
      'CIMB-Clicks',
      'eNets-D_DBS',
      'BBL_IB_U',
    ]) {
      expect(fiuuRefundBankDetails(channel), channel).toBe('required');
    }
    for (const channel of [
      'credit',
      'creditT',
      'TNG-EWALLET',
      'GrabPay',
      'ShopeePay',
      'Alipay',
      'VTCP_EWC',
    ]) {
      expect(fiuuRefundBankDetails(channel), channel).toBe('none');
    }
    expect(fiuuRefundBankDetails(null)).toBe('optional');
    expect(fiuuRefundBankDetails(' ')).toBe('optional');
  });

  it('retries what the cheatsheet says clears by itself, looks up a duplicate RefID, and stops on the rest', () => {
    expect(fiuuRefundErrorKind('PR015', 'Server is busy, try again later.')).toBe('retry');
    expect(fiuuRefundErrorKind('PR020', 'Insufficient balance to refund.')).toBe('retry');
    const pr010 = (status: string) =>
      `Transaction must be in authorized/captured/settled status. Current transaction is in ${status} status.`;
    expect(fiuuRefundErrorKind('PR010', pr010('pending'))).toBe('retry');
    expect(fiuuRefundErrorKind('PR010', pr010('cancelled'))).toBe('final');
    expect(fiuuRefundErrorKind('PR016', 'Duplicate RefID found')).toBe('query');
    for (const code of [
      'PR007',
      'PR008',
      'PR009',
      'PR011',
      'PR012',
      'PR013',
      'PR014',
      'PR017',
      'PR018',
      'PR019',
    ]) {
      expect(fiuuRefundErrorKind(code, ''), code).toBe('final');
    }
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fiuuPaydate,
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuSkey,
  fiuuState,
  fiuuVcode,
  formFields,
  isCancelledFailure,
  SANDBOX_CANCEL_ERROR,
  SANDBOX_DECLINE_ERROR,
  sameDigest,
} from './fiuu-protocol';

const hex = (s: string) => createHash('md5').update(s).digest('hex');

describe('fiuu vcode', () => {
  it('matches the check value Fiuu publishes for the extended vcode', () => {
    expect(fiuuVcode('27.60', 'ACME', 'OD8842', 'f5bb0c8de146c67b44babbf4e6584cc0', 'MYR')).toBe(
      '5bf33e6500a53830d4f80087b67e13de',
    );
  });

  it('changes when the amount or the currency changes, so neither can be edited in the browser', () => {
    const base = fiuuVcode('27.60', 'ACME', 'OD8842', 'f5bb0c8de146c67b44babbf4e6584cc0', 'MYR');
    expect(fiuuVcode('27.61', 'ACME', 'OD8842', 'f5bb0c8de146c67b44babbf4e6584cc0', 'MYR')).not.toBe(base);
    expect(fiuuVcode('27.60', 'ACME', 'OD8842', 'f5bb0c8de146c67b44babbf4e6584cc0', 'SGD')).not.toBe(base);
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
    expect(isCancelledFailure(SANDBOX_CANCEL_ERROR.code, SANDBOX_CANCEL_ERROR.desc)).toBe(true);
    expect(isCancelledFailure('', 'Transaction canceled by user')).toBe(true);
    expect(isCancelledFailure('ReqCancel', '')).toBe(true);
    expect(isCancelledFailure(SANDBOX_DECLINE_ERROR.code, SANDBOX_DECLINE_ERROR.desc)).toBe(false);
    expect(isCancelledFailure('', '')).toBe(false);
  });

  it('writes paydate as Fiuu does, in Malaysia time', () => {
    expect(fiuuPaydate(new Date('2024-05-01T04:34:56Z'))).toBe('2024-05-01 12:34:56');
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

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const fail = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration', () => {
  it('works with no variables at all (npm start on a fresh machine)', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.database.kind).toBe('pglite');
    expect(c.admin).toEqual({ username: 'admin', password: undefined, email: 'admin@example.com' });
    expect(c.payments.fiuu.keys).toBeUndefined();
    expect(c.payments.fiuu.live).toBe(false);
    expect(c.sandbox).toBe(true);
  });

  it('runs the jobs in the web process unless RUN_JOBS=0', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: '1' }).runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: '0' }).runJobs).toBe(false);
    expect(fail({ RUN_JOBS: 'no' })).toMatch(/^RUN_JOBS /);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, loopback ,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of [
      '11',
      'true',
      '10.0.0.0/33',
      '10.0.0/8',
      'proxy.example',
      '::1/129',
      '1.2.3.4/8/1',
      ',',
    ])
      expect(fail({ TRUST_PROXY: bad }), bad).toMatch(/^TRUST_PROXY must be a hop count/);
  });

  it('keeps the shop’s time zone (SHOP_TIME_ZONE), Singapore unless set, and refuses one it does not know', () => {
    expect(loadConfig({}).shopTimeZone).toBe('Asia/Singapore');
    expect(loadConfig({ SHOP_TIME_ZONE: 'Asia/Kuala_Lumpur' }).shopTimeZone).toBe('Asia/Kuala_Lumpur');
    expect(fail({ SHOP_TIME_ZONE: 'Asia/Singapur' })).toMatch(/^SHOP_TIME_ZONE must be an IANA time zone/);
  });

  it('names the variable of a bad value in one line', () => {
    const message = fail({ PORT: 'eighty' });
    expect(message).toMatch(/^PORT /);
    expect(message).not.toContain('\n');
    expect(fail({ DATABASE_URL: 'mysql://x' })).toMatch(
      /^DATABASE_URL must be postgres:\/\/… or memory:\/\//,
    );
    expect(fail({ ADMIN_EMAIL: 'not-mail' })).toMatch(/^ADMIN_EMAIL must be an e-mail address/);
    expect(fail({ PUBLIC_URL: 'ftp://x' })).toMatch(/^PUBLIC_URL must be an http\(s\) URL/);
  });

  it('never echoes a secret value in its error line', () => {
    const message = fail({ ADMIN_PASSWORD: 'abc' });
    expect(message).toMatch(/^ADMIN_PASSWORD must be 6 to 32 characters/);
    expect(message).not.toContain('abc');
  });

  it('refuses half a gateway configuration', () => {
    expect(fail({ FIUU_MERCHANT_ID: 'm1' })).toMatch(
      /^FIUU_VERIFY_KEY must be set together with FIUU_MERCHANT_ID/,
    );
  });

  it('narrows the Fiuu channels offered on our page to FIUU_CHANNELS, refusing a code it does not know', () => {
    expect(loadConfig({}).payments.fiuu.channels).toBeUndefined();
    expect(loadConfig({ FIUU_CHANNELS: ' FPX_MB2U, tng-ewallet ,credit' }).payments.fiuu.channels).toEqual([
      'FPX_MB2U',
      'tng-ewallet',
      'credit',
    ]);
    expect(loadConfig({ FIUU_CHANNELS: 'none' }).payments.fiuu.channels).toEqual([]);
    expect(fail({ FIUU_CHANNELS: 'FPX_MB2U,FPX_NOPE' })).toMatch(
      /^FIUU_CHANNELS names FPX_NOPE: must be Fiuu channel codes, comma-separated \(known: FPX_MB2U, /,
    );
    expect(fail({ FIUU_CHANNELS: ' , ' })).toMatch(/^FIUU_CHANNELS names \(empty\)/);
  });

  it('narrows the Stripe methods offered on our page to STRIPE_METHODS, refusing a type it does not know', () => {
    expect(loadConfig({}).payments.stripe.methods).toBeUndefined();
    expect(loadConfig({ STRIPE_METHODS: 'card, Alipay' }).payments.stripe.methods).toEqual([
      'card',
      'Alipay',
    ]);
    expect(loadConfig({ STRIPE_METHODS: 'none' }).payments.stripe.methods).toEqual([]);
    expect(fail({ STRIPE_METHODS: 'card,ideal' })).toBe(
      'STRIPE_METHODS names ideal: must be Stripe payment method types, comma-separated (known: card, alipay, wechat_pay), or none (value: "card,ideal")',
    );
  });

  it('gives Fiuu its two hosts and the standard vcode unless FIUU_EXTENDED_VCODE=1', () => {
    const keys = { FIUU_MERCHANT_ID: 'm1', FIUU_VERIFY_KEY: 'v'.repeat(32), FIUU_SECRET_KEY: 's'.repeat(32) };
    const c = loadConfig(keys);
    expect(c.payments.fiuu.keys).toMatchObject({
      paymentUrl: 'https://pay.fiuu.com',
      apiUrl: 'https://api.fiuu.com',
    });
    expect(c.payments.fiuu.extendedVcode).toBe(false);
    expect(loadConfig({ ...keys, FIUU_EXTENDED_VCODE: '1' }).payments.fiuu.extendedVcode).toBe(true);
    expect(loadConfig({ FIUU_EXTENDED_VCODE: '1' }).payments.fiuu.extendedVcode).toBe(true);
    const sandboxHosts = {
      ...keys,
      FIUU_PAYMENT_URL: 'https://sandbox-payment.fiuu.com',
      FIUU_API_URL: 'https://sandbox-api.fiuu.com',
    };
    expect(loadConfig(sandboxHosts).payments.fiuu.keys).toMatchObject({
      paymentUrl: 'https://sandbox-payment.fiuu.com',
      apiUrl: 'https://sandbox-api.fiuu.com',
    });
    expect(fail({ FIUU_EXTENDED_VCODE: 'yes' })).toMatch(/^FIUU_EXTENDED_VCODE /);
    // The old meaning (the hosted page's path) would send IPN acknowledgements to the wrong place: refused.
    expect(fail({ ...keys, FIUU_PAYMENT_URL: 'https://pay.fiuu.com/RMS/pay' })).toMatch(
      /^FIUU_PAYMENT_URL is the payment host \(https:\/\/pay\.fiuu\.com\), not the \/RMS\/pay page/,
    );
  });

  it('refuses the sandbox in production unless ALLOW_SANDBOX=1', () => {
    expect(fail({ NODE_ENV: 'production' })).toMatch(/^NODE_ENV=production refuses the built-in sandbox/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: '1' }).production).toBe(true);
  });

  it('chooses the database from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'memory' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATA_DIR: '/srv/ez' }).database).toEqual({ kind: 'pglite', dir: '/srv/ez/pg' });
  });
});

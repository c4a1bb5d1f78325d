import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiuuSkey } from '../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { fiuuPaidFields } from './support/fiuu-notify';
import { commitOrder, payloadFor, publicPack } from './support/order-commit';
import { createTestDatabase, startTestApp, TEST_PG_BASE, type TestApp } from './support/test-app';

/**
 * Issue #29: the card-testing count is the database's, so two server processes on one PostgreSQL database see the
 * same figures: three declined payments through one process and two through the other refuse the sixth order in
 * both. Runs under `npm run test:pg` (the embedded database belongs to one process).
 */

const SECRET = 'risk-processes-secret-0123456789abcdef';

describe.skipIf(!TEST_PG_BASE)('card testing across two server processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await createTestDatabase(TEST_PG_BASE ?? '');
    drop = database.drop;
    a = await startTestApp({ APP_SECRET: SECRET, DATABASE_URL: database.url }, { listen: true });
    b = await startTestApp({ APP_SECRET: SECRET, DATABASE_URL: database.url }, { listen: true });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  const commit = async (t: TestApp, email: string) => {
    const pack = await publicPack(t.app, 'SGD', 100);
    return commitOrder(t.app, payloadFor(pack, 1, { game_id: 'two_process_tester' }), { email });
  };

  /** An order placed through `t`, declined by Fiuu's notification to the same process. */
  const declined = async (t: TestApp, email: string) => {
    const res = await commit(t, email);
    expect(res.statusCode, res.body).toBe(200);
    const orderNum = (res.json() as { data: { order_num: string } }).data.order_num;
    const paid = await fiuuPaidFields(t, SECRET, orderNum);
    const field = (name: string) => paid[name] ?? '';
    const fields = {
      tranID: field('tranID'),
      orderid: orderNum,
      domain: field('domain'),
      amount: field('amount'),
      currency: field('currency'),
      paydate: field('paydate'),
      channel: field('channel'),
      status: '11',
      appcode: '',
      error_code: 'DECLINED',
      error_desc: 'Do not honour',
    };
    const skey = fiuuSkey(fields, gatewaySettings(t.config, SECRET).fiuu.secretKey);
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/fiuu/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, skey, nbcb: '2' }).toString(),
    });
    expect(notified.statusCode).toBe(200);
  };

  it('refuses the sixth order in both processes after five declines split between them', async () => {
    for (let i = 0; i < 3; i++) await declined(a, `a${i}@two.test`);
    for (let i = 0; i < 2; i++) await declined(b, `b${i}@two.test`);
    const fromA = await commit(a, 'a9@two.test');
    const fromB = await commit(b, 'b9@two.test');
    expect([fromA.statusCode, fromB.statusCode]).toEqual([429, 429]);
    expect(Number(fromB.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

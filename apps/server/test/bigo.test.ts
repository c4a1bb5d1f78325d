import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BigoClientOptions, createBigoClient } from '../src/gateways/bigo/bigo-client';
import { loadPrivateKey, newSeqid, signBigo, signingInput } from '../src/gateways/bigo/bigo-signature';
import { type BigoSettings, gatewaySettings, sandboxBigoKeys } from '../src/gateways/gateway-settings';
import type { BigoRecharge } from '../src/gateways/ports';
import { bearer, createUser } from './support/auth';
import { freePort, startTestApp, TEST_ADMIN, TEST_PG_BASE, type TestApp } from './support/test-app';

/** Passed as APP_SECRET so the test can derive the same sandbox keys the app uses. */
const SECRET = 'bigo-test-secret-0123456789abcdefghijklmnop';

type Json = Record<string, unknown>;

describe('BIGO client and simulator', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;
  const logLines: string[] = [];
  const log = Fastify({
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  }).log;

  const settings = (): BigoSettings => gatewaySettings(t.config, SECRET).bigo;
  const client = (options?: BigoClientOptions, override: Partial<BigoSettings> = {}) =>
    createBigoClient({ ...settings(), ...override }, log, options);

  let orderCounter = 0;
  const order = (fields: Partial<BigoRecharge> = {}): BigoRecharge => ({
    bigoId: 'bigo_fan_1',
    orderNum: `T${Date.now()}_${++orderCounter}`,
    diamonds: 100,
    amount: 2760,
    currency: 'MYR',
    ...fields,
  });

  /** `auth` null: no Authorization header. */
  const controls = (method: 'GET' | 'PUT' | 'DELETE', payload?: Json, auth: string | null = admin) =>
    t.app.inject({
      method,
      url: '/sandbox/bigo/controls',
      ...(auth === null ? {} : { headers: { authorization: auth } }),
      ...(payload ? { payload } : {}),
    });

  const setControls = async (payload: Json) => {
    const res = await controls('PUT', payload);
    expect(res.statusCode, res.body).toBe(200);
  };

  const ledger = async (buOrderId: string) => {
    const res = await t.app.inject({ url: `/sandbox/bigo/ledger?bu_orderid=${buOrderId}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { bu_orderid: string; deliveries: number; entries: Json[] };
  };

  /** A hand-made call to the simulator, signed like the client does unless told otherwise. */
  const rawCall = async (
    path: string,
    body: Json,
    opts: { timestamp?: number; signedPath?: string; clientId?: string; signature?: string | null } = {},
  ) => {
    const fullPath = `/sandbox/bigo${path}`;
    const text = JSON.stringify(body);
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const key = loadPrivateKey('ES256', sandboxBigoKeys(SECRET).privateKey);
    const signature =
      opts.signature === undefined
        ? signBigo('ES256', key, signingInput(text, opts.signedPath ?? fullPath, timestamp))
        : opts.signature;
    const res = await fetch(`${t.url}${fullPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'bigo-client-id': opts.clientId ?? settings().clientId,
        'bigo-timestamp': timestamp,
        ...(signature === null ? {} : { 'bigo-oauth-signature': signature }),
      },
      body: text,
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, { username: 'bigo_plain', password: 'plain-pass-1', email: 'plain@example.com' });
    plain = await bearer(t.app, 'bigo_plain', 'plain-pass-1');
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    const res = await controls('DELETE');
    expect(res.statusCode).toBe(200);
  });

  it('runs against the simulator with the sandbox settings', () => {
    expect(settings()).toMatchObject({ sandbox: true, apiBase: `${t.url}/sandbox/bigo`, signAlg: 'ES256' });
    expect(client().simulator).toBe(true);
  });

  it('documents the ledger and controls in the OpenAPI document', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Json }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/sandbox/bigo/ledger', '/sandbox/bigo/controls']));
  });

  describe('precheck', () => {
    it('accepts an existing ID and reports the reseller balance', async () => {
      await setControls({ balance: 4321 });
      expect(await client().precheck('bigo_fan_1')).toEqual({ kind: 'ok', rescode: 0, balance: 4321 });
    });

    it('rejects the IDs the controls name and, by convention, any ID starting with "reject"', async () => {
      await setControls({ reject_ids: ['ghost_user'] });
      const bigo = client();
      for (const id of ['ghost_user', 'reject_me', 'Reject42']) {
        const outcome = await bigo.precheck(id);
        expect(outcome).toMatchObject({ kind: 'rejected', rescode: 7212004 });
        expect(outcome.kind === 'rejected' && outcome.reason).toMatch(/^This BIGO ID does not exist/);
      }
      expect(await bigo.precheck('ghost_user2')).toMatchObject({ kind: 'ok' });
    });

    it('is unavailable when BIGO is too busy, fails over HTTP or cannot be reached', async () => {
      await setControls({ fail_next: { rescode: 7212012, count: 1, endpoint: 'precheck' } });
      expect(await client().precheck('bigo_fan_1')).toMatchObject({ kind: 'unavailable', rescode: 7212012 });
      await setControls({ fail_next: { http_status: 503, count: 1 } });
      expect(await client().precheck('bigo_fan_1')).toEqual({
        kind: 'unavailable',
        rescode: null,
        reason: 'BIGO answered HTTP 503',
        note: { key: 'bigo_http_status', values: { status: 503 } },
      });
      expect(await client().precheck('bigo_fan_1')).toMatchObject({ kind: 'ok' });

      const closed = `http://127.0.0.1:${await freePort()}`;
      const outcome = await client({}, { apiBase: closed }).precheck('bigo_fan_1');
      expect(outcome).toMatchObject({ kind: 'unavailable', rescode: null });
      expect(outcome.kind === 'unavailable' && outcome.reason).toMatch(/^BIGO could not be reached/);
    });

    it('is denied (never "rejected") when our key does not match the one BIGO holds', async () => {
      const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const outcome = await client({}, { privateKey: stranger }).precheck('bigo_fan_1');
      expect(outcome).toMatchObject({
        kind: 'denied',
        rescode: null,
        httpStatus: 401,
        reason: 'BIGO did not accept our credentials (HTTP 401: signature verification failed)',
      });
      expect(outcome.kind === 'denied' && outcome.check).toMatch(/BIGO_PRIVATE_KEY/);
    });

    it('is denied when BIGO refuses our access (IP, API switch, reseller binding, HTTP 403), not the ID', async () => {
      for (const [failure, rescode, httpStatus] of [
        [{ rescode: 7212003 }, 7212003, null],
        [{ rescode: 7212001 }, 7212001, null],
        [{ rescode: 7212002 }, 7212002, null],
        [{ rescode: 7212006 }, 7212006, null],
        [{ http_status: 403 }, null, 403],
      ] as const) {
        await setControls({ fail_next: { ...failure, count: 1, endpoint: 'precheck' } });
        expect(await client().precheck('bigo_fan_1')).toMatchObject({ kind: 'denied', rescode, httpStatus });
      }
      // Currency and balance are about the order, not our access.
      await setControls({ fail_next: { rescode: 7212011, count: 1, endpoint: 'precheck' } });
      expect(await client().precheck('bigo_fan_1')).toMatchObject({ kind: 'unavailable', rescode: 7212011 });
    });
  });

  describe('recharge', () => {
    it('delivers once; asking again for the same order answers "order id duplicated" and credits nothing', async () => {
      await setControls({ balance: 1000 });
      const request = order({ diamonds: 300, amount: 2760, currency: 'MYR', bigoId: 'bigo_fan_7' });
      expect(await client().recharge(request)).toEqual({ kind: 'delivered', rescode: 0 });
      // Not "delivered": whether 7212010 proves a delivery is the fulfilment job's call, from its own record.
      expect(await client().recharge(request)).toEqual({
        kind: 'duplicate',
        rescode: 7212010,
        reason: 'BIGO reports this order number as already used (BIGO 7212010: orderid is duplicated)',
        // Issue #32: the same words as a note the console shows in the reader's language.
        note: {
          key: 'bigo_answer_said',
          values: { meaning: { key: 'bigo_7212010' }, rescode: 7212010, message: 'orderid is duplicated' },
        },
      });

      const book = await ledger(request.orderNum);
      expect(book).toMatchObject({ bu_orderid: request.orderNum, deliveries: 1 });
      expect(book.entries[0]).toMatchObject({
        recharge_bigoid: 'bigo_fan_7',
        value: 300,
        total_cost: 27.6,
        currency: 'MYR',
      });
      expect(book.entries[0]?.seqid).toMatch(/^[0-9a-z]{13,32}$/);
      expect((await controls('GET')).json()).toMatchObject({ balance: 700 });
      expect((await ledger('T_never_ordered')).deliveries).toBe(0);
    });

    it('credits an order once when two recharges of it arrive at the same time', async () => {
      const request = order();
      const outcomes = await Promise.all([client().recharge(request), client().recharge(request)]);
      expect(outcomes.map((o) => o.rescode).sort()).toEqual([0, 7212010]);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['delivered', 'duplicate']);
      expect((await ledger(request.orderNum)).deliveries).toBe(1);
    });

    it('fails for good when the reseller balance is too low or the ID does not exist', async () => {
      await setControls({ balance: 99 });
      const tooBig = order({ diamonds: 100 });
      const outcome = await client().recharge(tooBig);
      expect(outcome).toMatchObject({ kind: 'failed', rescode: 7212011 });
      expect(outcome.kind === 'failed' && outcome.reason).toMatch(/balance at BIGO is too low/);
      expect((await ledger(tooBig.orderNum)).deliveries).toBe(0);

      const ghost = order({ bigoId: 'reject_ghost' });
      expect(await client().recharge(ghost)).toMatchObject({ kind: 'failed', rescode: 7212004 });
      expect((await ledger(ghost.orderNum)).deliveries).toBe(0);
    });

    it('fails with 400001 when BIGO refuses a parameter (an order number BIGO cannot take)', async () => {
      const outcome = await client().recharge(order({ orderNum: 'BAD-ORDER-NUM' }));
      expect(outcome).toMatchObject({ kind: 'failed', rescode: 400001 });
      expect(outcome.kind === 'failed' && outcome.reason).toMatch(/bu_orderid/);
    });

    it('is denied, not failed, when BIGO refuses our access; currency and balance refusals stay failed', async () => {
      const request = order();
      await setControls({ fail_next: { rescode: 7212001, count: 1, endpoint: 'recharge' } });
      const denied = await client().recharge(request);
      expect(denied).toMatchObject({ kind: 'denied', rescode: 7212001, httpStatus: null });
      expect(denied.kind === 'denied' && denied.reason).toMatch(
        /^The recharge API is disabled by BIGO \(BIGO 7212001/,
      );
      await setControls({ fail_next: { http_status: 401, count: 1, endpoint: 'recharge' } });
      expect(await client().recharge(request)).toMatchObject({
        kind: 'denied',
        rescode: null,
        httpStatus: 401,
      });
      for (const rescode of [7212009, 7212011]) {
        await setControls({ fail_next: { rescode, count: 1, endpoint: 'recharge' } });
        expect(await client().recharge(request)).toMatchObject({ kind: 'failed', rescode });
      }
      expect((await ledger(request.orderNum)).deliveries).toBe(0);
    });

    it('retries while BIGO answers "too frequent", then delivers', async () => {
      await setControls({ fail_next: { rescode: 7212012, count: 2, endpoint: 'recharge' } });
      const request = order();
      expect(await client().recharge(request)).toMatchObject({ kind: 'retry', rescode: 7212012 });
      expect((await controls('GET')).json()).toMatchObject({ fail_next: { rescode: 7212012, count: 1 } });
      expect(await client().recharge(request)).toMatchObject({ kind: 'retry', rescode: 7212012 });
      expect((await controls('GET')).json()).toMatchObject({ fail_next: null });
      expect(await client().recharge(request)).toEqual({ kind: 'delivered', rescode: 0 });
      expect((await ledger(request.orderNum)).deliveries).toBe(1);
    });

    it('retries after HTTP 500 and after BIGO internal error 500001', async () => {
      await setControls({ fail_next: { http_status: 500, count: 1 } });
      const request = order();
      expect(await client().recharge(request)).toEqual({
        kind: 'retry',
        rescode: null,
        reason: 'BIGO answered HTTP 500',
        note: { key: 'bigo_http_status', values: { status: 500 } },
      });
      await setControls({ fail_next: { rescode: 500001, count: 1 } });
      expect(await client().recharge(request)).toMatchObject({ kind: 'retry', rescode: 500001 });
      expect((await ledger(request.orderNum)).deliveries).toBe(0);
      expect(await client().recharge(request)).toMatchObject({ kind: 'delivered', rescode: 0 });
    });

    it('retries when BIGO does not answer in time; the late delivery is then reported, never doubled', async () => {
      await setControls({ fail_next: { hang_ms: 1_000, count: 1, endpoint: 'recharge' } });
      const request = order();
      const started = Date.now();
      const outcome = await client({ rechargeTimeoutMs: 200 }).recharge(request);
      expect(Date.now() - started).toBeLessThan(900);
      expect(outcome).toEqual({
        kind: 'retry',
        rescode: null,
        reason: 'BIGO did not answer within 200 ms',
        note: { key: 'bigo_timeout', values: { ms: 200 } },
      });

      // Like a slow BIGO, the simulator still did the recharge after the client gave up.
      const deadline = Date.now() + 10_000;
      while ((await ledger(request.orderNum)).deliveries === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await ledger(request.orderNum)).deliveries).toBe(1);
      expect(await client().recharge(request)).toMatchObject({ kind: 'duplicate', rescode: 7212010 });
      expect((await ledger(request.orderNum)).deliveries).toBe(1);
    });

    // Needs a database two processes can share: runs under `npm run test:pg` (TEST_DATABASE_URL), not on PGlite.
    it.runIf(TEST_PG_BASE)(
      'two server processes on one database share the controls and credit an order once',
      async () => {
        const db = t.config.database;
        if (db.kind !== 'postgres') throw new Error('expected PostgreSQL');
        const second = await startTestApp({ APP_SECRET: SECRET, DATABASE_URL: db.url }, { listen: true });
        try {
          await setControls({ balance: 5000 });
          const other = createBigoClient(gatewaySettings(second.config, SECRET).bigo, log);
          expect(other.simulator).toBe(true);
          expect(await other.precheck('bigo_fan_1')).toMatchObject({ kind: 'ok', balance: 5000 });

          const request = order({ diamonds: 1000 });
          const outcomes = await Promise.all([client().recharge(request), other.recharge(request)]);
          expect(outcomes.map((o) => o.rescode).sort()).toEqual([0, 7212010]);
          expect((await ledger(request.orderNum)).deliveries).toBe(1);
          expect((await controls('GET')).json()).toMatchObject({ balance: 4000 });
        } finally {
          await second.close();
        }
      },
    );

    it('never logs the private key or the signature', async () => {
      logLines.length = 0;
      await client().recharge(order());
      const text = logLines.join('\n');
      expect(text).toContain('bigo recharge');
      expect(text).not.toMatch(/PRIVATE KEY|bigo-oauth-signature/i);
      expect(text).not.toContain(sandboxBigoKeys(SECRET).privateKey.split('\n')[1]);
    });
  });

  describe('simulator authentication', () => {
    const body = () => ({ recharge_bigoid: 'bigo_fan_1', seqid: newSeqid() });
    const path = '/sign/agent/recharge_pre_check';

    it('answers a correctly signed call', async () => {
      const res = await rawCall(path, body());
      expect(res).toMatchObject({ status: 200, body: { rescode: 0, recharge_balance: 10_000_000 } });
    });

    it('refuses a bad or missing signature', async () => {
      const forged = Buffer.alloc(64, 7).toString('base64');
      for (const signature of [forged, null, 'not base64']) {
        const res = await rawCall(path, body(), { signature });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ rescode: 400001 });
      }
    });

    it('refuses a signature over the path without the /sandbox/bigo prefix (it signs the path it receives)', async () => {
      const res = await rawCall(path, body(), { signedPath: path });
      expect(res).toMatchObject({ status: 401, body: { message: 'signature verification failed' } });
    });

    it('refuses a timestamp more than 5 minutes away, even correctly signed', async () => {
      const stale = await rawCall(path, body(), { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(stale).toMatchObject({ status: 401, body: { rescode: 400001 } });
      expect(String(stale.body.message)).toMatch(/5 minutes/);
      const future = await rawCall(path, body(), { timestamp: Math.floor(Date.now() / 1000) + 400 });
      expect(future.status).toBe(401);
      const recent = await rawCall(path, body(), { timestamp: Math.floor(Date.now() / 1000) - 120 });
      expect(recent.status).toBe(200);
    });

    it('refuses another client id', async () => {
      const res = await rawCall(path, body(), { clientId: 'someone-else' });
      expect(res).toMatchObject({ status: 401, body: { message: 'unknown bigo-client-id' } });
    });

    it('answers 400001 for a signed call with a bad seqid', async () => {
      const res = await rawCall(path, { recharge_bigoid: 'bigo_fan_1', seqid: 'SHORT' });
      expect(res).toMatchObject({ status: 200, body: { rescode: 400001 } });
    });
  });

  describe('controls', () => {
    it('are for superusers only', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const payload = method === 'PUT' ? { balance: 1 } : undefined;
        expect((await controls(method, payload, null)).statusCode).toBe(401);
        expect((await controls(method, payload, plain)).statusCode).toBe(403);
      }
      expect((await controls('GET')).json()).toMatchObject({ balance: 10_000_000 });
    });

    it('are replaced as a whole, refuse unknown fields, and reset to the defaults', async () => {
      const put = await controls('PUT', { reject_ids: ['a'], fail_next: { rescode: 7212012 } });
      expect(put.json()).toEqual({
        reject_ids: ['a'],
        balance: 10_000_000,
        fail_next: { rescode: 7212012, count: 1 },
      });
      expect((await controls('PUT', { failNext: { count: 1 } })).statusCode).toBe(400);
      expect((await controls('PUT', { balance: -1 })).statusCode).toBe(400);
      expect((await controls('DELETE')).json()).toEqual({
        reject_ids: [],
        balance: 10_000_000,
        fail_next: null,
      });
    });
  });
});

import { sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, type SandboxApp, startSandboxApp } from './support/sandbox-app';

/**
 * The BIGO simulator over HTTP, called as BIGO's access guide says a reseller calls it: the JSON body signed with
 * ES256 (raw r‖s) over body + path + timestamp, in the bigo-* headers. The signing is written out here.
 */
describe('BIGO simulator', () => {
  let t: SandboxApp;
  let n = 0;

  beforeAll(async () => {
    t = await startSandboxApp();
  });
  afterAll(async () => t.close());

  const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
  beforeEach(async () => {
    await fetch(`${t.url}/sandbox/bigo/controls`, { method: 'DELETE', headers: operator });
  });

  const seqid = () => `${Date.now().toString(36)}${(n++).toString(36).padStart(8, '0')}`;

  async function call(
    endpoint: 'recharge_pre_check' | 'rs_recharge',
    body: Record<string, unknown>,
    options: { signAs?: string; encoding?: 'ieee-p1363' | 'der'; timestamp?: number; clientId?: string } = {},
  ) {
    const path = `/sandbox/bigo/sign/agent/${endpoint}`;
    const raw = JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.from(`${raw}${options.signAs ?? path}${timestamp}`, 'utf8'), {
      key: t.bigoPrivateKey,
      dsaEncoding: options.encoding ?? 'ieee-p1363',
    }).toString('base64');
    const res = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'bigo-client-id': options.clientId ?? t.options.bigo?.clientId ?? '',
        'bigo-timestamp': timestamp,
        'bigo-oauth-signature': signature,
      },
      body: raw,
    });
    return {
      status: res.status,
      body: (await res.json()) as { seqid: string; rescode: number; message: string },
    };
  }

  const recharge = (over: Record<string, unknown> = {}) => ({
    recharge_bigoid: 'bigo_fan',
    seqid: seqid(),
    bu_orderid: `EZ${Date.now()}${n++}`,
    value: 100,
    total_cost: 27.6,
    currency: 'MYR',
    ...over,
  });

  it('prechecks an ID and reports the reseller balance, with the seqid echoed', async () => {
    const id = seqid();
    const { status, body } = await call('recharge_pre_check', { recharge_bigoid: 'bigo_fan', seqid: id });
    expect(status).toBe(200);
    expect(body).toEqual({ seqid: id, rescode: 0, message: 'Success', recharge_balance: 10_000_000 });
    const rejected = await call('recharge_pre_check', { recharge_bigoid: 'Reject_me', seqid: seqid() });
    expect(rejected.body).toMatchObject({ rescode: 7212004, message: 'recharge_bigoid is not existed' });
  });

  it('credits a bu_orderid once (7212010 afterwards) and keeps the ledger', async () => {
    const request = recharge();
    expect((await call('rs_recharge', request)).body).toMatchObject({ rescode: 0 });
    expect((await call('rs_recharge', { ...request, seqid: seqid() })).body).toMatchObject({
      rescode: 7212010,
      message: 'orderid is duplicated',
    });
    const ledger = (await (
      await fetch(`${t.url}/sandbox/bigo/ledger?bu_orderid=${request.bu_orderid}`)
    ).json()) as { deliveries: number; entries: { value: number; currency: string }[] };
    expect(ledger.deliveries).toBe(1);
    expect(ledger.entries[0]).toMatchObject({ value: 100, currency: 'MYR', recharge_bigoid: 'bigo_fan' });
  });

  it('checks the parameters as reseller_api.md describes them', async () => {
    expect((await call('rs_recharge', recharge({ currency: 'XYZ' }))).body).toMatchObject({
      rescode: 7212009,
    });
    expect((await call('rs_recharge', recharge({ total_cost: 1.005 }))).body).toMatchObject({
      rescode: 400001,
    });
    expect((await call('rs_recharge', recharge({ bu_orderid: 'has-dash' }))).body).toMatchObject({
      rescode: 400001,
    });
    expect((await call('rs_recharge', recharge({ seqid: 'UPPERCASE0000' }))).body).toMatchObject({
      rescode: 400001,
    });
  });

  it('refuses a call not signed by the registered key over the path it received', async () => {
    const body = { recharge_bigoid: 'bigo_fan', seqid: seqid() };
    expect(
      (await call('recharge_pre_check', body, { signAs: '/sign/agent/recharge_pre_check' })).status,
    ).toBe(401);
    expect((await call('recharge_pre_check', body, { encoding: 'der' })).status).toBe(401);
    expect((await call('recharge_pre_check', body, { clientId: 'someone' })).status).toBe(401);
    const stale = await call('recharge_pre_check', body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale).toMatchObject({ status: 401, body: { rescode: 400001 } });
  });

  it('runs out of balance and plays queued failures as the controls say', async () => {
    const put = await fetch(`${t.url}/sandbox/bigo/controls`, {
      method: 'PUT',
      headers: { ...operator, 'content-type': 'application/json' },
      body: JSON.stringify({ balance: 150, fail_next: { rescode: 7212012, count: 1, endpoint: 'recharge' } }),
    });
    expect(put.status).toBe(200);
    expect((await call('rs_recharge', recharge())).body).toMatchObject({
      rescode: 7212012,
      message: 'request frequently, just wait a second to call',
    });
    expect((await call('rs_recharge', recharge())).body).toMatchObject({ rescode: 0 });
    expect((await call('rs_recharge', recharge())).body).toMatchObject({
      rescode: 7212011,
      message: 'insufficient balance',
    });
    expect((await call('recharge_pre_check', { recharge_bigoid: 'x', seqid: seqid() })).body).toMatchObject({
      recharge_balance: 50,
    });
    expect((await fetch(`${t.url}/sandbox/bigo/controls`)).status).toBe(401);
  });

  it('plays a list of failures in order, each for its BIGO ID only when it names one', async () => {
    const put = await fetch(`${t.url}/sandbox/bigo/controls`, {
      method: 'PUT',
      headers: { ...operator, 'content-type': 'application/json' },
      body: JSON.stringify({
        balance: 1_000_000,
        fail_next: [
          { rescode: 7212012, count: 1, endpoint: 'recharge', bigo_id: 'fan_listed' },
          { rescode: 7212005, count: 1, endpoint: 'recharge', bigo_id: 'fan_listed' },
        ],
      }),
    });
    expect(put.status).toBe(200);
    // Another ID's call takes none of them.
    expect((await call('rs_recharge', recharge({ recharge_bigoid: 'fan_other' }))).body).toMatchObject({
      rescode: 0,
    });
    const listed = (bu: string) => recharge({ recharge_bigoid: 'fan_listed', bu_orderid: bu });
    expect((await call('rs_recharge', listed('LISTED1'))).body).toMatchObject({ rescode: 7212012 });
    const left = (await (await fetch(`${t.url}/sandbox/bigo/controls`, { headers: operator })).json()) as {
      fail_next: unknown;
    };
    expect(left.fail_next).toEqual([
      { rescode: 7212005, count: 1, endpoint: 'recharge', bigo_id: 'fan_listed' },
    ]);
    expect((await call('rs_recharge', listed('LISTED1'))).body).toMatchObject({ rescode: 7212005 });
    expect((await call('rs_recharge', listed('LISTED1'))).body).toMatchObject({ rescode: 0 });
  });
});

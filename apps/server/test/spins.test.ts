import {
  MESSAGES,
  MSG,
  ORDER_STATUS,
  type TMessageKey,
  type TMyRewards,
  type TPage,
  type TPrizeRecord,
  type TSpinResult,
  type TSpinSettings,
  type TSpinSettingsInput,
} from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, prices, spinEvents, spins } from '../src/db/schema';
import { bearer, createUser } from './support/auth';
import { notifyFiuuPaid } from './support/fiuu-notify';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  freshIp,
  orderRow,
  type PricePack,
  payloadFor,
  publicPacks,
} from './support/order-commit';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Spins (issue #16) through the real HTTP stack: earned by a signed-in buyer's paid orders (one per 600 diamonds),
 * usable once the order is delivered, withdrawn by its refund; a spin draws on the server and its prize goes to
 * BIGO (the simulator) as its own recharge under its own bu_orderid, exactly once through crashes and retries.
 */

const SECRET = 'spins-test-secret-0123456789abcdef012345';
const RECHARGE_TIMEOUT_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Json = Record<string, unknown>;

describe('spins', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  /** A 100-dollar pack of 4 100 diamonds (SPEC.md's example at rate 42): 6 spins and 500 towards the next. */
  let pack: PricePack;
  let users = 0;
  let ids = 0;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    auth?: string | null,
    payload?: Json,
  ) =>
    t.app.inject({
      method,
      url: path,
      remoteAddress: freshIp(),
      ...(auth ? { headers: { authorization: auth } } : {}),
      ...(payload ? { payload } : {}),
    });
  const dataOf = <T>(res: LightMyRequestResponse): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const expectError = (res: LightMyRequestResponse, status: number, key: TMessageKey) => {
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toBe(MESSAGES[key]);
  };

  const newBuyer = async () => {
    const name = `sp_buyer_${++users}`;
    const id = await createUser(t.app, {
      username: name,
      password: 'buyer-pass-1',
      email: `${name}@example.com`,
    });
    return { id, auth: await bearer(t.app, name, 'buyer-pass-1') };
  };
  const newId = () => `sp_fan_${++ids}`;

  const settings = (input: Partial<TSpinSettingsInput> = {}) =>
    api('PUT', '/api/v1/rewards/spin-settings', admin, {
      active: true,
      diamonds_per_spin: 600,
      prizes: [{ diamonds: 100, weight: 1 }],
      ...input,
    });

  /** A signed-in buyer's order of `pack`, committed and paid (Fiuu notification): in 7, its delivery queued. */
  const paidOrder = async (auth: string, gameId = newId()) => {
    const num = formHandoff(
      await commitOrder(t.app, payloadFor(pack, 1, { game_id: gameId }), { authorization: auth }),
    ).order_num;
    expect((await notifyFiuuPaid(t, url, SECRET, num)).status).toBe(200);
    return { num, gameId };
  };
  const mine = async (auth: string) => dataOf<TMyRewards>(await api('GET', '/api/v1/rewards/me', auth));
  const spin = (auth: string, id: number) => api('POST', `/api/v1/rewards/spins/${id}/spin`, auth);
  const ledger = async (buOrderid: string) => {
    const res = await fetch(`${url}/sandbox/bigo/ledger?bu_orderid=${buOrderid}`);
    return (await res.json()) as { deliveries: number; entries: { value: number; total_cost: number }[] };
  };
  const bigoControls = (body: Json) =>
    fetch(`${url}/sandbox/bigo/controls`, {
      method: 'PUT',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const spinRow = async (id: number) => {
    const [row] = await t.app.database.db.select().from(spins).where(eq(spins.id, id));
    if (!row) throw new Error(`no spin ${id}`);
    return row;
  };
  const spinCauses = async (id: number) =>
    (
      await t.app.database.db
        .select()
        .from(spinEvents)
        .where(eq(spinEvents.spinId, id))
        .orderBy(spinEvents.id)
    ).map((e) => e.cause);
  /** A buyer whose one order is delivered: 6 available spins. */
  const buyerWithSpins = async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer.auth);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, order.num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    const first = (await mine(buyer.auth)).spins[0];
    if (!first) throw new Error('no spin');
    return { ...buyer, ...order, first };
  };

  beforeAll(async () => {
    t = await startTestApp(
      { APP_SECRET: SECRET },
      { listen: true, bigoClient: { rechargeTimeoutMs: RECHARGE_TIMEOUT_MS } },
    );
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { productId } = await publicPacks(t.app);
    const [row] = await t.app.database.db
      .insert(prices)
      .values({ productId, currency: 'SGD', gameAmount: 4100, unitAmount: 10_000 })
      .returning();
    if (!row) throw new Error('no price');
    pack = { id: row.id, currency: 'SGD', unit_amount: 10_000, game_amount: 4100 } as PricePack;
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await fetch(`${url}/sandbox/bigo/controls`, { method: 'DELETE', headers: { authorization: admin } });
    dataOf(await settings());
  });

  describe('settings (console)', () => {
    it('start off with the advertised table, are for superusers only, and are validated field by field', async () => {
      // Migration 0008's defaults, as a fresh shop has them (before this suite's beforeEach turned spins on).
      const fresh = await startTestApp({ APP_SECRET: SECRET });
      try {
        const freshAdmin = await bearer(fresh.app, TEST_ADMIN.username, TEST_ADMIN.password);
        const res = await fresh.app.inject({
          method: 'GET',
          url: '/api/v1/rewards/spin-settings',
          headers: { authorization: freshAdmin },
        });
        const defaults = dataOf<TSpinSettings>(res);
        expect(defaults.active).toBe(false);
        expect(defaults.diamonds_per_spin).toBe(600);
        expect(Math.max(...defaults.prizes.map((p) => p.diamonds))).toBe(1200);
      } finally {
        await fresh.close();
      }

      const plain = await newBuyer();
      expect((await api('GET', '/api/v1/rewards/spin-settings')).statusCode).toBe(401);
      expect((await api('GET', '/api/v1/rewards/spin-settings', plain.auth)).statusCode).toBe(403);
      expect(
        (
          await api('PUT', '/api/v1/rewards/spin-settings', plain.auth, {
            active: false,
            diamonds_per_spin: 600,
            prizes: [{ diamonds: 1200, weight: 1 }],
          })
        ).statusCode,
      ).toBe(403);
      expect((await api('GET', '/api/v1/rewards/prizes', plain.auth)).statusCode).toBe(403);
      expect((await api('POST', '/api/v1/rewards/spins/1/resend', plain.auth)).statusCode).toBe(403);

      const tooBig = await settings({ prizes: [{ diamonds: 1201, weight: 1 }] });
      expect(tooBig.statusCode).toBe(400);
      expect((tooBig.json() as { error_keys: Json }).error_keys['prizes.0.diamonds']).toBe(
        MSG.spin_prizes_invalid,
      );
      expect((await settings({ prizes: [] })).statusCode).toBe(400);
      expect((await settings({ prizes: [{ diamonds: 10, weight: 0 }] })).statusCode).toBe(400);
      const cheap = await settings({ diamonds_per_spin: 99 });
      expect((cheap.json() as { error_keys: Json }).error_keys.diamonds_per_spin).toBe(
        MSG.spin_per_spin_invalid,
      );

      const saved = dataOf<TSpinSettings>(
        await settings({
          prizes: [
            { diamonds: 0, weight: 3 },
            { diamonds: 1200, weight: 1 },
          ],
        }),
      );
      expect(saved.prizes).toEqual([
        { diamonds: 0, weight: 3 },
        { diamonds: 1200, weight: 1 },
      ]);
      const [audit] = await t.app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'spin.settings'))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(audit?.detail).toMatchObject({ after: { prizes: saved.prizes } });
    });
  });

  describe('earning', () => {
    it('one spin per 600 diamonds of a signed-in buyer’s paid order: pending until delivered, then available', async () => {
      const buyer = await newBuyer();
      const { num, gameId } = await paidOrder(buyer.auth);
      let me = await mine(buyer.auth);
      expect(me.spins.map((s) => s.state)).toEqual(Array(6).fill('pending'));
      expect(me.progress_diamonds).toBe(500);
      expect(me.spins[0]).toMatchObject({
        order_num: num,
        game_id: gameId,
        prize_diamonds: null,
        delivery: null,
      });
      const earned = (await eventsOf(t.app, num)).find((e) => e.cause.startsWith('6 spins earned'));
      expect(earned?.detail).toEqual({ spins: { earned: 6, diamonds: 4100, per_spin: 600 } });
      const pending = me.spins[0];
      if (!pending) throw new Error('no spin');
      expectError(await spin(buyer.auth, pending.id), 409, MSG.spin_pending);

      await t.app.jobs.runDue();
      me = await mine(buyer.auth);
      expect(me.spins.map((s) => s.state)).toEqual(Array(6).fill('available'));
      // Bought diamonds count, the delivered order's own BIGO call is untouched by spins.
      expect((await ledger(num)).entries.map((e) => e.value)).toEqual([4100]);

      // The next order counts from the 500 left over: 8 200 diamonds in all make 13 spins, 7 of them new.
      const second = await paidOrder(buyer.auth);
      me = await mine(buyer.auth);
      expect(me.spins.filter((s) => s.order_num === second.num)).toHaveLength(7);
      expect(me.progress_diamonds).toBe(8200 % 600);
    });

    it('counts two orders paid at once exactly (the buyer’s row lock)', async () => {
      const buyer = await newBuyer();
      const nums = await Promise.all(
        [0, 1, 2].map(async () => {
          const num = formHandoff(
            await commitOrder(t.app, payloadFor(pack, 1, { game_id: newId() }), {
              authorization: buyer.auth,
            }),
          ).order_num;
          return num;
        }),
      );
      await Promise.all(nums.map((num) => notifyFiuuPaid(t, url, SECRET, num)));
      expect((await mine(buyer.auth)).spins).toHaveLength(Math.floor((3 * 4100) / 600));
    });

    it('nothing for visitors, nor while spins are off', async () => {
      const visitorNum = formHandoff(
        await commitOrder(t.app, payloadFor(pack, 1, { game_id: newId() }), { email: 'v@example.com' }),
      ).order_num;
      await notifyFiuuPaid(t, url, SECRET, visitorNum);
      expect(
        await t.app.database.db
          .select()
          .from(spins)
          .where(eq(spins.orderId, (await orderRow(t.app, visitorNum)).id)),
      ).toEqual([]);

      dataOf(await settings({ active: false }));
      const buyer = await newBuyer();
      const { num } = await paidOrder(buyer.auth);
      const me = await mine(buyer.auth);
      expect(me.spins_active).toBe(false);
      expect(me.spins).toEqual([]);
      expect((await orderRow(t.app, num)).spinDiamonds).toBe(0);
    });

    it('a refund withdraws the spins of an order BIGO never delivered', async () => {
      const buyer = await newBuyer();
      const gameId = newId();
      const num = formHandoff(
        await commitOrder(t.app, payloadFor(pack, 1, { game_id: gameId }), { authorization: buyer.auth }),
      ).order_num;
      await bigoControls({ reject_ids: [gameId] });
      await notifyFiuuPaid(t, url, SECRET, num);
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect((await mine(buyer.auth)).spins.map((s) => s.state)).toEqual(Array(6).fill('pending'));

      dataOf(await api('POST', `/api/v1/order/refund?order_num=${num}`, admin, { reason: 'BIGO ID closed' }));
      const me = await mine(buyer.auth);
      expect(me.spins.map((s) => s.state)).toEqual(Array(6).fill('withdrawn'));
      expect(me.progress_diamonds).toBe(0);
      const withdrawn = me.spins[0];
      if (!withdrawn) throw new Error('no spin');
      expectError(await spin(buyer.auth, withdrawn.id), 409, MSG.spin_withdrawn);
      expect(await spinCauses(withdrawn.id)).toContain(`withdrawn: order ${num} went to a refund`);
      const note = (await eventsOf(t.app, num)).find((e) => e.cause === '6 spins withdrawn (refund started)');
      expect(note?.toStatus).toBe(ORDER_STATUS.REFUNDING);
    });
  });

  describe('spinning', () => {
    it('draws on the server and delivers the prize once, as its own BIGO recharge, to the order’s BIGO ID', async () => {
      const buyer = await buyerWithSpins();
      const result = dataOf<TSpinResult>(await spin(buyer.auth, buyer.first.id));
      expect(result.spin).toMatchObject({ state: 'spun', prize_diamonds: 100, delivery: 'queued' });
      expect(result.available).toBe(5);
      // A repeated request answers the same spin: nothing drawn or queued again.
      const again = dataOf<TSpinResult>(await spin(buyer.auth, buyer.first.id));
      expect(again.spin.prize_diamonds).toBe(100);
      expect(again.available).toBe(5);

      await t.app.jobs.runDue();
      const row = await spinRow(buyer.first.id);
      expect(row).toMatchObject({
        delivery: 'delivered',
        buOrderid: `${buyer.num}_S1`,
        gameId: buyer.gameId,
      });
      const credited = await ledger(`${buyer.num}_S1`);
      expect(credited.deliveries).toBe(1);
      expect(credited.entries).toMatchObject([{ value: 100, total_cost: 0 }]);
      expect((await ledger(buyer.num)).entries.map((e) => e.value)).toEqual([4100]);
      expect(await t.app.jobs.runDue()).toBe(0);
      expect((await ledger(`${buyer.num}_S1`)).deliveries).toBe(1);

      const causes = await spinCauses(buyer.first.id);
      expect(causes).toEqual([
        `spin earned by order ${buyer.num} (pending until its diamonds are delivered)`,
        `order ${buyer.num} delivered: the spin can be used`,
        `spun: won 100 diamonds for BIGO ID ${buyer.gameId}`,
        'prize delivery started',
        'BIGO delivered the prize',
      ]);
      const [spun] = await t.app.database.db
        .select()
        .from(spinEvents)
        .where(and(eq(spinEvents.spinId, buyer.first.id), sql`${spinEvents.cause} like 'spun:%'`));
      expect(spun?.detail).toMatchObject({ prize: 100, draw: 0, total_weight: 1 });

      const me = await mine(buyer.auth);
      expect(me.spins.find((s) => s.id === buyer.first.id)).toMatchObject({ delivery: 'delivered' });
      const cost = dataOf<TSpinSettings>(await api('GET', '/api/v1/rewards/spin-settings', admin));
      expect(cost.prize_diamonds_delivered).toBeGreaterThanOrEqual(100);
    });

    it('a prize of 0 is a spin without a delivery', async () => {
      dataOf(await settings({ prizes: [{ diamonds: 0, weight: 1 }] }));
      const buyer = await buyerWithSpins();
      const result = dataOf<TSpinResult>(await spin(buyer.auth, buyer.first.id));
      expect(result.spin).toMatchObject({ prize_diamonds: 0, delivery: 'none' });
      const queued = await t.app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `prize:${buyer.first.id}`));
      expect(queued).toEqual([]);
      expect(await spinCauses(buyer.first.id)).toContain('spun: no prize');
    });

    it('refuses someone else’s spin, a paused wheel, and too many spins a minute', async () => {
      const owner = await buyerWithSpins();
      const other = await newBuyer();
      expectError(await spin(other.auth, owner.first.id), 404, MSG.spin_not_found);
      expect((await spin('Bearer nonsense', owner.first.id)).statusCode).toBe(401);
      dataOf(await settings({ active: false }));
      expectError(await spin(owner.auth, owner.first.id), 409, MSG.spins_paused);
      expect((await spinRow(owner.first.id)).state).toBe('available');
      dataOf(await settings());
      let limited = 0;
      for (let i = 0; i < 35; i++) if ((await spin(owner.auth, owner.first.id)).statusCode === 429) limited++;
      expect(limited).toBeGreaterThan(0);
    });

    it('a crash mid-delivery and the retry deliver the prize once', async () => {
      const buyer = await buyerWithSpins();
      dataOf(await spin(buyer.auth, buyer.first.id));
      // As a worker that died mid-call leaves it: the prize charging with its call marked sent, the lease past.
      await t.app.database.db.update(spins).set({ delivery: 'charging' }).where(eq(spins.id, buyer.first.id));
      await t.app.database.db.insert(spinEvents).values({
        spinId: buyer.first.id,
        cause: 'prize delivery started',
        actor: 'system',
        detail: { attempt: 1, recharge: 'sent' },
      });
      await t.app.database.db
        .update(jobs)
        .set({
          state: 'running',
          attempts: 1,
          lockedBy: 'dead-worker',
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .where(eq(jobs.dedupeKey, `prize:${buyer.first.id}`));
      await t.app.jobs.runDue();
      expect((await spinRow(buyer.first.id)).delivery).toBe('delivered');
      expect((await ledger(`${buyer.num}_S1`)).deliveries).toBe(1);
      expect(await spinCauses(buyer.first.id)).toContain(
        'prize delivery resumed: the previous call to BIGO got no recorded answer and may have delivered',
      );
    });

    it('a call that hangs past the timeout, BIGO’s late credit and the retry (7212010) deliver the prize once', async () => {
      const buyer = await buyerWithSpins();
      dataOf(await spin(buyer.auth, buyer.first.id));
      const hangMs = RECHARGE_TIMEOUT_MS + 1_000;
      expect(
        (await bigoControls({ fail_next: { hang_ms: hangMs, count: 1, endpoint: 'recharge' } })).status,
      ).toBe(200);
      const started = Date.now();
      await t.app.jobs.runDue();
      expect((await spinRow(buyer.first.id)).delivery).toBe('charging');
      const bu = `${buyer.num}_S1`;
      while ((await ledger(bu)).deliveries === 0 && Date.now() - started < hangMs + 5_000) await sleep(100);
      expect((await ledger(bu)).deliveries).toBe(1);
      await t.app.database.db
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.dedupeKey, `prize:${buyer.first.id}`));
      await t.app.jobs.runDue();
      expect((await spinRow(buyer.first.id)).delivery).toBe('delivered');
      expect((await ledger(bu)).entries.map((e) => e.value)).toEqual([100]);
      expect((await spinCauses(buyer.first.id)).at(-1)).toBe(
        'BIGO had already delivered (rescode 7212010): an earlier call of ours got no answer',
      );
    });

    it('a prize BIGO refuses fails with the reason; an operator sends it again once fixed (audited)', async () => {
      const buyer = await buyerWithSpins();
      await bigoControls({ reject_ids: [buyer.gameId] });
      dataOf(await spin(buyer.auth, buyer.first.id));
      await t.app.jobs.runDue();
      const failed = await spinRow(buyer.first.id);
      expect(failed.delivery).toBe('failed');
      expect(failed.failureReason).toMatch(/^BIGO refused the prize: /);
      expect((await mine(buyer.auth)).spins.find((s) => s.id === buyer.first.id)?.delivery).toBe('failed');

      const list = dataOf<TPage<TPrizeRecord>>(
        await api('GET', '/api/v1/rewards/prizes?delivery=failed', admin),
      );
      expect(list.page_data.find((p) => p.id === buyer.first.id)).toMatchObject({
        bu_orderid: `${buyer.num}_S1`,
        user_id: buyer.id,
        failure_reason: failed.failureReason,
      });
      expect(
        dataOf<TSpinSettings>(await api('GET', '/api/v1/rewards/spin-settings', admin)).prizes_failed,
      ).toBeGreaterThan(0);

      await fetch(`${url}/sandbox/bigo/controls`, { method: 'DELETE', headers: { authorization: admin } });
      const resent = dataOf<TPrizeRecord>(
        await api('POST', `/api/v1/rewards/spins/${buyer.first.id}/resend`, admin),
      );
      expect(resent.delivery).toBe('queued');
      expectError(
        await api('POST', `/api/v1/rewards/spins/${buyer.first.id}/resend`, admin),
        400,
        MSG.prize_not_failed,
      );
      await t.app.jobs.runDue();
      expect((await spinRow(buyer.first.id)).delivery).toBe('delivered');
      expect((await ledger(`${buyer.num}_S1`)).entries.map((e) => e.value)).toEqual([100]);
      const [audit] = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'spin.resend'), eq(auditLog.entityId, String(buyer.first.id))));
      expect(audit).toBeDefined();
    });

    it('the delivery sweep re-queues a prize left without a live job', async () => {
      const buyer = await buyerWithSpins();
      dataOf(await spin(buyer.auth, buyer.first.id));
      await t.app.database.db.delete(jobs).where(eq(jobs.dedupeKey, `prize:${buyer.first.id}`));
      await t.app.database.db
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.dedupeKey, 'delivery-sweep'));
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      expect((await spinRow(buyer.first.id)).delivery).toBe('delivered');
      expect(await spinCauses(buyer.first.id)).toContain(
        'prize delivery re-queued: it had no live delivery job',
      );
    });
  });

  it('the rewards page’s history lists the buyer’s bonuses', async () => {
    const buyer = await newBuyer();
    const promo = dataOf<{ id: number; code: string }>(
      await api('POST', '/api/v1/promotions/', admin, {
        kind: 'code',
        name: 'History code',
        code: 'SPINHIST',
        bonus_type: 'fixed',
        bonus_value: 25,
      }),
    );
    dataOf(await api('POST', `/api/v1/promotions/${promo.id}/resume`, admin));
    const num = formHandoff(
      await commitOrder(t.app, payloadFor(pack, 1, { game_id: newId(), promo_code: 'spinhist' }), {
        authorization: buyer.auth,
      }),
    ).order_num;
    expect((await mine(buyer.auth)).bonuses).toMatchObject([
      {
        order_num: num,
        kind: 'code',
        name: 'History code',
        code: 'SPINHIST',
        diamonds: 25,
        state: 'granted',
      },
    ]);
    expect((await api('GET', '/api/v1/rewards/me')).statusCode).toBe(401);
  });
});

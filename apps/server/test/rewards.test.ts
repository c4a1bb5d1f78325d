import {
  fiuuFormFields,
  MESSAGES,
  MSG,
  ORDER_STATUS,
  orderNote,
  type TLiveOffers,
  type TMessageKey,
  type TOrder,
  type TPromotion,
  type TRewardQuote,
} from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, orderBonuses, orders, prices } from '../src/db/schema';
import { writeMove } from '../src/modules/order-lifecycle/order-moves';
import { bearer, createUser } from './support/auth';
import { notifyFiuuPaid } from './support/fiuu-notify';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  freshIp,
  orderCount,
  orderRow,
  type PricePack,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Rewards (issue #16) through the real HTTP stack: the quote and the commit apply one rule with the same refusals,
 * a budget holds under parallel commits, the welcome bonus is once per account and per BIGO ID, the channel bonus
 * comes from the verified Fiuu payment, and the bonus rides in the order's one rs_recharge call (BIGO simulator).
 */

const SECRET = 'rewards-test-secret-0123456789abcdef0123';
const RECHARGE_TIMEOUT_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Json = Record<string, unknown>;

describe('rewards', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let plain: string;
  let plainId: number;
  /** SPEC.md's example at rate 42: a 100-dollar pack of 4 100 diamonds. */
  let pack: PricePack;
  let productId: number;
  let codes = 0;
  let ids = 0;

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, auth?: string | null, payload?: Json) =>
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

  /** A fresh code and BIGO ID, so tests never share a buyer or a code. */
  const newCode = () => `T${++codes}CODE`;
  const newId = () => `rw_fan_${++ids}`;

  /** Adds a promotion through the console API and resumes it (unless `paused`). */
  const promotion = async (input: Json, paused = false): Promise<TPromotion> => {
    const created = dataOf<TPromotion>(await api('POST', '/api/v1/promotions/', admin, input));
    expect(created.active).toBe(false);
    if (paused) return created;
    return dataOf<TPromotion>(await api('POST', `/api/v1/promotions/${created.id}/resume`, admin));
  };
  const codePromotion = async (over: Json = {}, paused = false) =>
    promotion(
      { kind: 'code', name: 'Test code', code: newCode(), bonus_type: 'fixed', bonus_value: 100, ...over },
      paused,
    );

  const quote = async (body: Json, auth?: string) =>
    dataOf<TRewardQuote>(await api('POST', '/api/v1/rewards/quote', auth, body));

  const commit = (code: string, gameId: string, auth?: string, p: PricePack = pack) =>
    commitOrder(t.app, payloadFor(p, 1, { game_id: gameId, promo_code: code }), {
      ...(auth ? { authorization: auth } : { email: 'buyer@example.com' }),
    });

  const orderOfNum = async (orderNum: string, auth?: string): Promise<TOrder> =>
    dataOf<TOrder>(await api('GET', `/api/v1/order/stripe?order_num=${orderNum}`, auth));

  const bonusRows = async (orderNum: string) => {
    const row = await orderRow(t.app, orderNum);
    return t.app.database.db.select().from(orderBonuses).where(eq(orderBonuses.orderId, row.id));
  };

  /** A Fiuu notification of payment for the order's own amount through `channel`, signed with the sandbox key. */
  const payFiuu = async (orderNum: string, channel = 'credit') => {
    expect((await notifyFiuuPaid(t, url, SECRET, orderNum, channel)).status).toBe(200);
  };

  const ledger = async (orderNum: string) => {
    const res = await fetch(`${url}/sandbox/bigo/ledger?bu_orderid=${orderNum}`);
    return (await res.json()) as { deliveries: number; entries: { value: number }[] };
  };

  const expectRefused = (res: LightMyRequestResponse, reason: TMessageKey) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors: Json; error_keys: Json };
    expect(body.message).toBe(MESSAGES[reason]);
    expect(body.errors.promo_code).toBe(MESSAGES[reason]);
    expect(body.error_keys.promo_code).toBe(reason);
  };

  beforeAll(async () => {
    t = await startTestApp(
      { APP_SECRET: SECRET },
      { listen: true, bigoClient: { rechargeTimeoutMs: RECHARGE_TIMEOUT_MS } },
    );
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    plainId = await createUser(t.app, {
      username: 'rw_plain',
      password: 'plain-pass-1',
      email: 'rw.plain@example.com',
    });
    plain = await bearer(t.app, 'rw_plain', 'plain-pass-1');
    productId = (await publicPacks(t.app)).productId;
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
  });

  describe('live offers (what the posters may advertise; issue #32)', () => {
    const live = async () => {
      const res = await api('GET', '/api/v1/rewards/live');
      expect(res.headers['cache-control']).toBe('no-cache');
      return dataOf<TLiveOffers>(res);
    };

    it('a fresh install advertises nothing: its promotions and the spins start paused', async () => {
      expect(await live()).toEqual({ bank_transfer: [], welcome: false, promo_codes: false, spins: false });
    });

    it('follows pause and resume, and a promotion that has not started yet is not live', async () => {
      const seeded = dataOf<{ page_data: TPromotion[] }>(
        await api('GET', '/api/v1/promotions/?page=1&page_size=50', admin),
      ).page_data;
      const bank = seeded.find((p) => p.kind === 'channel');
      const welcome = seeded.find((p) => p.kind === 'welcome');
      if (!bank || !welcome) throw new Error('the seeded promotions are missing');
      dataOf(await api('POST', `/api/v1/promotions/${bank.id}/resume`, admin));
      const later = await codePromotion({ valid_from: new Date(Date.now() + 86_400_000).toISOString() });
      try {
        expect(await live()).toEqual({
          bank_transfer: ['MYR', 'SGD'],
          welcome: false,
          promo_codes: false,
          spins: false,
        });
        dataOf(await api('POST', `/api/v1/promotions/${welcome.id}/resume`, admin));
        const now = await codePromotion();
        expect(await live()).toMatchObject({ welcome: true, promo_codes: true });
        dataOf(await api('POST', `/api/v1/promotions/${now.id}/pause`, admin));
      } finally {
        for (const id of [bank.id, welcome.id, later.id])
          dataOf(await api('POST', `/api/v1/promotions/${id}/pause`, admin));
      }
      expect(await live()).toEqual({ bank_transfer: [], welcome: false, promo_codes: false, spins: false });
    });
  });

  describe('promo codes: quote and commit', () => {
    it('quotes nothing without a code or promotion, and refuses bad input with field errors', async () => {
      const q = await quote({ price_id: pack.id, quantity: 1 });
      expect(q).toEqual({ amount_game: 4100, bonuses: [], bonus_game: 0, promo: null, channel_offers: [] });
      const unknownPrice = await api('POST', '/api/v1/rewards/quote', null, {
        price_id: 999_999,
        quantity: 1,
      });
      expect(unknownPrice.statusCode).toBe(400);
      expect((unknownPrice.json() as { error_keys: Json }).error_keys.price_id).toBe(
        MSG.order_price_unavailable,
      );
      const badCode = await api('POST', '/api/v1/rewards/quote', null, {
        price_id: pack.id,
        quantity: 1,
        promo_code: 'no spaces!',
      });
      expect(badCode.statusCode).toBe(400);
      const badQuantity = await api('POST', '/api/v1/rewards/quote', null, {
        price_id: pack.id,
        quantity: 0,
      });
      expect(badQuantity.statusCode).toBe(400);
    });

    it('applies a code typed in any case: quoted, fixed in the commit with an event, shown on the order', async () => {
      const p = await codePromotion({ name: 'Spec code' });
      const typed = ` ${(p.code ?? '').toLowerCase()} `;
      const gameId = newId();
      const q = await quote({ price_id: pack.id, quantity: 1, game_id: gameId, promo_code: typed });
      expect(q.promo).toEqual({ code: p.code, applied: true, reason_key: null, reason: null });
      expect(q.bonuses).toEqual([
        { kind: 'code', name: 'Spec code', code: p.code, diamonds: 100, state: 'quoted' },
      ]);
      expect(q.bonus_game).toBe(100);

      const num = formHandoff(await commit(typed, gameId)).order_num;
      const row = await orderRow(t.app, num);
      expect(row.amountGame).toBe(4100);
      expect(row.bonusGame).toBe(100);
      const events = await eventsOf(t.app, num);
      const granted = events.find((e) => e.cause.startsWith('bonus granted'));
      expect(granted).toMatchObject({
        fromStatus: ORDER_STATUS.PENDING_PAYMENT,
        toStatus: ORDER_STATUS.PENDING_PAYMENT,
        cause: `bonus granted: code ${p.code} +100 diamonds`,
        detail: { bonus: { promotion_id: p.id, kind: 'code', diamonds: 100, state: 'granted' } },
      });
      const order = await orderOfNum(num);
      expect(order.bonus_game).toBe(100);
      expect(order.bonuses).toEqual([
        { kind: 'code', name: 'Spec code', code: p.code, diamonds: 100, state: 'granted' },
      ]);
    });

    it('gives a percentage of the pack’s diamonds', async () => {
      const p = await codePromotion({ bonus_type: 'percent', bonus_value: 10 });
      const q = await quote({ price_id: pack.id, quantity: 2, promo_code: p.code });
      expect(q.bonuses[0]?.diamonds).toBe(820);
    });

    const HOUR = 3_600_000;
    const cases: [string, () => Promise<string>, TMessageKey][] = [
      ['an unknown code', async () => 'NO-SUCH-CODE', MSG.promo_not_found],
      ['a paused code', async () => (await codePromotion({}, true)).code ?? '', MSG.promo_not_found],
      [
        'a code not started yet',
        async () =>
          (await codePromotion({ valid_from: new Date(Date.now() + HOUR).toISOString() })).code ?? '',
        MSG.promo_not_started,
      ],
      [
        'an expired code',
        async () =>
          (
            await codePromotion({
              valid_from: new Date(Date.now() - 2 * HOUR).toISOString(),
              valid_to: new Date(Date.now() - HOUR).toISOString(),
            })
          ).code ?? '',
        MSG.promo_expired,
      ],
      [
        'a code for another currency',
        async () => (await codePromotion({ currencies: ['MYR'] })).code ?? '',
        MSG.promo_currency,
      ],
      [
        'a code for another product',
        async () => (await codePromotion({ product_ids: [productId + 1000] })).code ?? '',
        MSG.promo_product,
      ],
      [
        'a code needing a larger order',
        async () => (await codePromotion({ min_spend: { SGD: 10_001 } })).code ?? '',
        MSG.promo_min_spend,
      ],
      [
        'a code whose budget cannot cover the bonus',
        async () => (await codePromotion({ budget_diamonds: 99 })).code ?? '',
        MSG.promo_used_up,
      ],
    ];
    it.each(cases)(
      'refuses %s: the quote says why, the commit answers 400 and stores nothing',
      async (_l, make, reason) => {
        const code = await make();
        const q = await quote({ price_id: pack.id, quantity: 1, promo_code: code });
        expect(q.promo).toEqual({ code, applied: false, reason_key: reason, reason: MESSAGES[reason] });
        expect(q.bonuses).toEqual([]);
        const before = await orderCount(t.app);
        expectRefused(await commit(code, newId()), reason);
        expect(await orderCount(t.app)).toBe(before);
      },
    );

    it('applies a code with a matching minimum, currency and product', async () => {
      const p = await codePromotion({
        min_spend: { SGD: 10_000 },
        currencies: ['SGD'],
        product_ids: [productId],
      });
      expect(formHandoff(await commit(p.code ?? '', newId())).order_num).toBeTruthy();
    });

    it('counts uses per BIGO ID for visitors', async () => {
      const p = await codePromotion({ uses_per_buyer: 1 });
      const gameId = newId();
      formHandoff(await commit(p.code ?? '', gameId));
      const q = await quote({ price_id: pack.id, quantity: 1, game_id: gameId, promo_code: p.code });
      expect(q.promo?.reason_key).toBe(MSG.promo_used_by_you);
      expectRefused(await commit(p.code ?? '', gameId), MSG.promo_used_by_you);
      // Another BIGO ID is another buyer.
      formHandoff(await commit(p.code ?? '', newId()));
    });

    it('counts uses per account for signed-in buyers, whatever BIGO ID they recharge', async () => {
      const p = await codePromotion({ uses_per_buyer: 1 });
      formHandoff(await commit(p.code ?? '', newId(), plain));
      const q = await quote({ price_id: pack.id, quantity: 1, game_id: newId(), promo_code: p.code }, plain);
      expect(q.promo?.reason_key).toBe(MSG.promo_used_by_you);
      expectRefused(await commit(p.code ?? '', newId(), plain), MSG.promo_used_by_you);
    });

    it('never grants more than the budget to parallel commits, and a dead order gives its share back', async () => {
      const p = await codePromotion({ budget_diamonds: 300 });
      const code = p.code ?? '';
      const results = await Promise.all(Array.from({ length: 8 }, () => commit(code, newId())));
      const granted = results.filter((r) => r.statusCode === 200);
      expect(granted).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 200)) expectRefused(r, MSG.promo_used_up);
      const [sum] = await t.app.database.db
        .select({ total: sql<number>`coalesce(sum(${orderBonuses.diamonds}), 0)::int` })
        .from(orderBonuses)
        .where(eq(orderBonuses.promotionId, p.id));
      expect(Number(sum?.total)).toBe(300);

      // One order times out: its bonus no longer counts, so the next buyer gets it.
      const dead = formHandoff(granted[0] as LightMyRequestResponse).order_num;
      await writeMove(t.app.database.db, {
        orderNum: dead,
        to: ORDER_STATUS.PAYMENT_TIMEOUT,
        cause: orderNote('deadline_passed', { why: orderNote('deadline_not_paid') }),
        actor: 'system',
      });
      expect((await quote({ price_id: pack.id, quantity: 1, promo_code: code })).promo?.applied).toBe(true);
      formHandoff(await commit(code, newId()));
      expectRefused(await commit(code, newId()), MSG.promo_used_up);

      // Late money revives the dead order: its grant no longer fits the budget, so it is withdrawn.
      await payFiuu(dead);
      const revived = await orderRow(t.app, dead);
      expect(revived.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(revived.bonusGame).toBe(0);
      expect((await bonusRows(dead)).map((b) => b.state)).toEqual(['withdrawn']);
      const withdrawn = (await eventsOf(t.app, dead)).find((e) => e.cause.startsWith('bonus withdrawn'));
      expect(withdrawn?.detail).toEqual({
        bonus: { promotion_id: p.id, kind: 'code', diamonds: 100, state: 'withdrawn' },
      });
      expect((await orderOfNum(dead)).bonuses.map((b) => b.state)).toEqual(['withdrawn']);
    });

    it('keeps the grant of an order revived by late money when the budget still has room', async () => {
      const p = await codePromotion({ budget_diamonds: 1000 });
      const num = formHandoff(await commit(p.code ?? '', newId())).order_num;
      await writeMove(t.app.database.db, {
        orderNum: num,
        to: ORDER_STATUS.PAYMENT_CANCELLED,
        cause: orderNote('buyer_cancelled', { gateway: 'fiuu' }),
        actor: 'buyer',
      });
      await payFiuu(num);
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.bonusGame).toBe(100);
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['granted']);
    });
  });

  describe('welcome bonus', () => {
    let welcome: TPromotion;
    let users = 0;
    const newBuyer = async () => {
      const name = `rw_buyer_${++users}`;
      const id = await createUser(t.app, {
        username: name,
        password: 'buyer-pass-1',
        email: `${name}@example.com`,
      });
      return { id, auth: await bearer(t.app, name, 'buyer-pass-1') };
    };

    beforeAll(async () => {
      welcome = await promotion({ kind: 'welcome', name: 'Welcome', bonus_type: 'fixed', bonus_value: 50 });
    });
    afterAll(async () => {
      dataOf(await api('POST', `/api/v1/promotions/${welcome.id}/pause`, admin));
    });

    it('is for signed-in buyers only, once per account', async () => {
      const visitor = await quote({ price_id: pack.id, quantity: 1, game_id: newId() });
      expect(visitor.bonuses).toEqual([]);
      const buyer = await newBuyer();
      const gameId = newId();
      const q = await quote({ price_id: pack.id, quantity: 1, game_id: gameId }, buyer.auth);
      expect(q.bonuses).toEqual([
        { kind: 'welcome', name: 'Welcome', code: null, diamonds: 50, state: 'quoted' },
      ]);
      const num = formHandoff(await commit('', gameId, buyer.auth)).order_num;
      expect((await orderRow(t.app, num)).bonusGame).toBe(50);
      expect((await orderOfNum(num, buyer.auth)).bonuses).toEqual([
        { kind: 'welcome', name: 'Welcome', code: null, diamonds: 50, state: 'granted' },
      ]);
      // The account has a live welcome bonus: no second one, whatever BIGO ID.
      expect((await quote({ price_id: pack.id, quantity: 1, game_id: newId() }, buyer.auth)).bonuses).toEqual(
        [],
      );
      const second = formHandoff(await commit('', newId(), buyer.auth)).order_num;
      expect((await orderRow(t.app, second)).bonusGame).toBe(0);
    });

    it('is once per BIGO ID: another account recharging the same ID gets none', async () => {
      const first = await newBuyer();
      const gameId = newId();
      formHandoff(await commit('', gameId, first.auth));
      const other = await newBuyer();
      const num = formHandoff(await commit('', gameId, other.auth)).order_num;
      expect((await orderRow(t.app, num)).bonusGame).toBe(0);
    });

    it('is for a first paid order only: an account with a paid order gets none', async () => {
      const buyer = await newBuyer();
      await insertOrder(t.app, {
        productId: null,
        priceId: null,
        status: ORDER_STATUS.CHARGED,
        createdBy: buyer.id,
      });
      expect((await quote({ price_id: pack.id, quantity: 1, game_id: newId() }, buyer.auth)).bonuses).toEqual(
        [],
      );
      const num = formHandoff(await commit('', newId(), buyer.auth)).order_num;
      expect((await orderRow(t.app, num)).bonusGame).toBe(0);
    });

    it('adds to a promo code', async () => {
      const buyer = await newBuyer();
      const p = await codePromotion();
      const num = formHandoff(await commit(p.code ?? '', newId(), buyer.auth)).order_num;
      expect((await orderRow(t.app, num)).bonusGame).toBe(150);
      expect((await orderOfNum(num)).bonuses.map((b) => [b.kind, b.diamonds])).toEqual([
        ['code', 100],
        ['welcome', 50],
      ]);
    });
  });

  describe('delivery', () => {
    it('SPEC.md’s example: one rs_recharge of 4 100 + 100 under the order number, 9 with the bonus delivered, a receipt with both', async () => {
      const p = await codePromotion({ name: 'Hundred' });
      const num = formHandoff(await commit(p.code ?? '', newId())).order_num;
      await payFiuu(num);
      await t.app.jobs.runDue();
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
      const credited = await ledger(num);
      expect(credited.deliveries).toBe(1);
      expect(credited.entries.map((e) => e.value)).toEqual([4200]);
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['delivered']);
      expect((await orderOfNum(num)).bonuses[0]?.state).toBe('delivered');
      const receipt = (await readOutbox(t.dataDir)).find((m) => m.subject.includes(num));
      expect(receipt?.text).toContain('Diamonds: 4,100 + 100 bonus diamonds');
      expect(receipt?.html).toContain('4,100 + 100 bonus diamonds');
      expect(await t.app.jobs.runDue()).toBe(0);
      expect((await ledger(num)).deliveries).toBe(1);

      // The console's cost figures count the delivered bonus and the order's revenue.
      const cost = dataOf<TPromotion>(await api('GET', `/api/v1/promotions/${p.id}`, admin));
      expect(cost).toMatchObject({
        delivered_diamonds: 100,
        reserved_diamonds: 0,
        orders: 1,
        revenue: { SGD: 10_000 },
      });
    });

    it('a crash mid-delivery and the retry deliver the bonus once', async () => {
      const p = await codePromotion();
      const num = formHandoff(await commit(p.code ?? '', newId())).order_num;
      await payFiuu(num);
      // As a worker that died mid-delivery leaves it: the order in 8, the job running with a lease now past.
      await t.app.database.db
        .update(orders)
        .set({ orderStatus: ORDER_STATUS.CHARGING })
        .where(eq(orders.orderNum, num));
      await t.app.database.db
        .update(jobs)
        .set({
          state: 'running',
          attempts: 1,
          lockedBy: 'dead-worker',
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .where(eq(jobs.dedupeKey, `deliver:${num}`));
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      const credited = await ledger(num);
      expect(credited.deliveries).toBe(1);
      expect(credited.entries.map((e) => e.value)).toEqual([4200]);
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['delivered']);
    });

    it('a call that hangs past the timeout, BIGO’s late credit and the retry (7212010) deliver the bonus once', async () => {
      const p = await codePromotion();
      const num = formHandoff(await commit(p.code ?? '', newId())).order_num;
      await payFiuu(num);
      const hangMs = RECHARGE_TIMEOUT_MS + 1_000;
      const controls = await fetch(`${url}/sandbox/bigo/controls`, {
        method: 'PUT',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ fail_next: { hang_ms: hangMs, count: 1, endpoint: 'recharge' } }),
      });
      expect(controls.status).toBe(200);
      const started = Date.now();
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['granted']);
      while ((await ledger(num)).deliveries === 0 && Date.now() - started < hangMs + 5_000) await sleep(100);
      expect((await ledger(num)).entries.map((e) => e.value)).toEqual([4200]);

      await t.app.database.db
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.dedupeKey, `deliver:${num}`));
      await t.app.jobs.runDue();
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(row.bonusGame).toBe(100);
      expect((await ledger(num)).entries.map((e) => e.value)).toEqual([4200]);
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['delivered']);
    });

    /** An order with a code bonus, paid, whose delivery BIGO refused for good (the order in 10, the bonus granted). */
    async function paidWithCodeButRejectedByBigo() {
      const p = await codePromotion();
      const gameId = newId();
      const num = formHandoff(await commit(p.code ?? '', gameId)).order_num;
      await fetch(`${url}/sandbox/bigo/controls`, {
        method: 'PUT',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ reject_ids: [gameId] }),
      });
      await payFiuu(num);
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      return { p, num };
    }

    it('an operator marking a failed order delivered marks its bonus delivered', async () => {
      const { num } = await paidWithCodeButRejectedByBigo();
      expect((await bonusRows(num)).map((b) => b.state)).toEqual(['granted']);
      const marked = dataOf<TOrder>(
        await api('POST', `/api/v1/order/mark-delivered?order_num=${num}`, admin, {
          reason: 'credited in the reseller console',
        }),
      );
      expect(marked.order_status).toBe(ORDER_STATUS.CHARGED);
      expect(marked.bonuses.map((b) => b.state)).toEqual(['delivered']);
    });

    it('a refund withdraws a bonus that was never delivered, with an event', async () => {
      const { p, num } = await paidWithCodeButRejectedByBigo();
      const refund = await api('POST', `/api/v1/order/refund?order_num=${num}`, admin, {
        reason: 'BIGO ID closed',
      });
      const refunded = dataOf<TOrder>(refund);
      expect(refunded.bonuses.map((b) => b.state)).toEqual(['withdrawn']);
      const event = (await eventsOf(t.app, num)).find((e) => e.cause.startsWith('bonus withdrawn'));
      expect(event).toMatchObject({
        fromStatus: ORDER_STATUS.REFUNDING,
        toStatus: ORDER_STATUS.REFUNDING,
        detail: { bonus: { promotion_id: p.id, kind: 'code', diamonds: 100, state: 'withdrawn' } },
      });
      // Withdrawn bonuses leave bonus_game: the refunded order promises none (the events keep what was granted).
      expect(refunded.bonus_game).toBe(0);
      expect((await orderRow(t.app, num)).bonusGame).toBe(0);
      const cost = dataOf<TPromotion>(await api('GET', `/api/v1/promotions/${p.id}`, admin));
      expect(cost).toMatchObject({ delivered_diamonds: 0, reserved_diamonds: 0, orders: 0 });
    });
  });

  describe('channel bonus', () => {
    let channel: TPromotion;
    beforeAll(async () => {
      channel = await promotion({
        kind: 'channel',
        name: 'Bank transfer bonus',
        bonus_type: 'per_unit',
        bonus_value: 1,
        currencies: ['SGD'],
        channels: ['fpx_mb2u', 'PayNow'],
      });
    });
    afterAll(async () => {
      dataOf(await api('POST', `/api/v1/promotions/${channel.id}/pause`, admin));
    });

    it('is offered in the quote and granted from the channel of the verified Fiuu payment (hosted sandbox page)', async () => {
      const q = await quote({ price_id: pack.id, quantity: 1 });
      expect(q.channel_offers).toEqual([
        { name: 'Bank transfer bonus', channels: ['fpx_mb2u', 'PayNow'], diamonds: 100 },
      ]);
      expect(q.bonus_game).toBe(0);
      // Not for another currency.
      const myr = await publicPack(t.app, 'MYR', 500);
      expect((await quote({ price_id: myr.id, quantity: 1 })).channel_offers).toEqual([]);

      const handoff = formHandoff(await commit('', newId()));
      const page = await fetch(handoff.payment_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fiuuFormFields(handoff)).toString(),
      });
      const fpx = formsOf(await page.text()).find((f) => f.fields.outcome === 'pay_fpx');
      if (!fpx) throw new Error('no FPX button');
      const done = await fetch(new URL(fpx.action, url).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fpx.fields).toString(),
      });
      expect(done.status).toBe(200);
      const num = handoff.order_num;
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.paymentChannel).toBe('FPX_MB2U');
      expect(row.bonusGame).toBe(100);
      const granted = (await eventsOf(t.app, num)).filter((e) => e.cause.startsWith('bonus granted'));
      expect(granted).toHaveLength(1);
      expect(granted[0]).toMatchObject({
        fromStatus: ORDER_STATUS.PAYMENT_COMPLETED,
        detail: { bonus: { promotion_id: channel.id, kind: 'channel', diamonds: 100, state: 'granted' } },
      });
      await t.app.jobs.runDue();
      expect((await ledger(num)).entries.map((e) => e.value)).toEqual([4200]);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    });

    it('is not granted for a card payment', async () => {
      const num = formHandoff(await commit('', newId())).order_num;
      await payFiuu(num, 'credit');
      expect((await orderRow(t.app, num)).bonusGame).toBe(0);
      expect(await bonusRows(num)).toEqual([]);
    });
  });

  describe('console API', () => {
    it('is for superusers only', async () => {
      expect((await api('GET', '/api/v1/promotions/')).statusCode).toBe(401);
      expect((await api('GET', '/api/v1/promotions/', plain)).statusCode).toBe(403);
      expect(
        (
          await api('POST', '/api/v1/promotions/', plain, {
            kind: 'code',
            name: 'x',
            code: 'XYZ',
            bonus_type: 'fixed',
            bonus_value: 1,
          })
        ).statusCode,
      ).toBe(403);
      expect(plainId).toBeGreaterThan(0);
    });

    it('validates the input field by field', async () => {
      const res = await api('POST', '/api/v1/promotions/', admin, {
        kind: 'code',
        name: '',
        bonus_type: 'per_unit',
        bonus_value: 0,
      });
      expect(res.statusCode).toBe(400);
      const keys = (res.json() as { error_keys: Json }).error_keys;
      expect(keys.name).toBe(MSG.promotion_name_required);
      expect(keys.bonus_value).toBe(MSG.promotion_bonus_invalid);
      const channel = await api('POST', '/api/v1/promotions/', admin, {
        kind: 'channel',
        name: 'No channels',
        bonus_type: 'per_unit',
        bonus_value: 1,
      });
      expect((channel.json() as { error_keys: Json }).error_keys.channels).toBe(
        MSG.promotion_channels_required,
      );
    });

    it('refuses a code another promotion has (any case)', async () => {
      const p = await codePromotion();
      const res = await api('POST', '/api/v1/promotions/', admin, {
        kind: 'code',
        name: 'Copy',
        code: (p.code ?? '').toLowerCase(),
        bonus_type: 'fixed',
        bonus_value: 5,
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error_keys: Json }).error_keys.code).toBe(MSG.promotion_code_taken);
    });

    it('lists, edits, pauses and resumes with audit rows; an edit leaves granted bonuses as they were', async () => {
      const p = await codePromotion({ name: 'Editable' });
      const num = formHandoff(await commit(p.code ?? '', newId())).order_num;
      const edited = dataOf<TPromotion>(
        await api('PUT', `/api/v1/promotions/${p.id}`, admin, {
          kind: 'code',
          name: 'Edited',
          code: `${p.code}X`,
          bonus_type: 'fixed',
          bonus_value: 300,
        }),
      );
      expect(edited).toMatchObject({ name: 'Edited', code: `${p.code}X`, bonus_value: 300, active: true });
      expect(edited.reserved_diamonds).toBe(100);
      const order = await orderOfNum(num);
      expect(order.bonus_game).toBe(100);
      expect(order.bonuses[0]).toMatchObject({ code: p.code, diamonds: 100 });

      const paused = dataOf<TPromotion>(await api('POST', `/api/v1/promotions/${p.id}/pause`, admin));
      expect(paused.active).toBe(false);
      expect(
        (await quote({ price_id: pack.id, quantity: 1, promo_code: `${p.code}X` })).promo?.reason_key,
      ).toBe(MSG.promo_not_found);
      const resumed = dataOf<TPromotion>(await api('POST', `/api/v1/promotions/${p.id}/resume`, admin));
      expect(resumed.active).toBe(true);
      const actions = await t.app.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'promotion'), eq(auditLog.entityId, String(p.id))))
        .orderBy(auditLog.id);
      expect(actions.map((a) => a.action)).toEqual([
        'promotion.create',
        'promotion.resume',
        'promotion.update',
        'promotion.pause',
        'promotion.resume',
      ]);
      const list = dataOf<{ page_data: TPromotion[]; total: number }>(
        await api('GET', '/api/v1/promotions/?page=1&page_size=100', admin),
      );
      expect(list.page_data.some((x) => x.id === p.id)).toBe(true);
      // The two seeded defaults are there, paused.
      expect(list.page_data.filter((x) => x.kind === 'welcome' && x.name === 'Welcome bonus')).toHaveLength(
        1,
      );
      const seededChannel = list.page_data.find((x) => x.name === 'Bank transfer bonus (FPX, PayNow)');
      expect(seededChannel).toMatchObject({ active: false, bonus_value: 1, bonus_type: 'per_unit' });
      expect(seededChannel?.channels).toContain('PayNow');
      expect(seededChannel?.channels).toContain('FPX_MB2U');
      expect((await api('GET', '/api/v1/promotions/999999', admin)).statusCode).toBe(404);
    });
  });
});

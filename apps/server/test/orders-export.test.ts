import { ORDER_STATUS } from '@ezrecharge/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderBonuses, orderEvents, orders, promotions } from '../src/db/schema';
import { orderCsv } from '../src/modules/orders/orders-export';
import { bearer, createUser } from './support/auth';
import { freshIp } from './support/order-commit';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * GET /api/v1/order/export (issue #28): the list's filters as CSV — a paid, a failed, a refunded, a promo and a
 * Stripe order with the right values, parsed back with a CSV parser; Chinese text intact; the BOM; a formula in an
 * e-mail neutralised; filters; superusers only.
 */

type Row = Record<string, string>;

describe('order export (CSV)', () => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  const nums = {
    paid: 'EXPAID01',
    failed: 'EXFAIL01',
    refunded: 'EXREFD01',
    promo: 'EXPROMO1',
    stripe: 'EXSTRP01',
  };

  const get = (url: string, auth: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: freshIp(),
      headers: { authorization: auth, ...headers },
    });

  /** The CSV of `query`, parsed back into rows keyed by the header row. */
  async function exported(
    query = '',
    headers: Record<string, string> = {},
  ): Promise<{ body: string; rows: Row[] }> {
    const res = await get(`/api/v1/order/export${query}`, admin, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}-\d{4}\.csv"$/);
    const rows = parse(res.body, { bom: true, columns: true, skip_empty_lines: true }) as Row[];
    return { body: res.body, rows };
  }
  const byNum = (rows: Row[]) => new Map(rows.map((row) => [row['Order number'], row]));

  /** An order as the lifecycle leaves it, written directly: the export reads what is stored. */
  async function order(
    fields: Partial<typeof orders.$inferInsert> & { orderNum: string; orderStatus: number },
  ) {
    const [row] = await t.app.database.db
      .insert(orders)
      .values({
        gameId: 'bigo_fan_1',
        email: 'buyer@example.com',
        pageInfo: 'recharge',
        productName: 'BIGO LIVE Diamonds',
        currency: 'SGD',
        unitAmount: 245,
        gameAmount: 100,
        quantity: 2,
        amount: 490,
        amountGame: 200,
        gateway: 'fiuu',
        ...fields,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('not inserted');
    return row.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ SHOP_TIME_ZONE: 'Asia/Singapore' });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, { username: 'plainbuyer', password: 'plain-pass-1', email: 'plain@example.com' });
    buyer = await bearer(t.app, 'plainbuyer', 'plain-pass-1');

    const db = t.app.database.db;
    await order({
      orderNum: nums.paid,
      orderStatus: ORDER_STATUS.CHARGED,
      gameId: 'paid_fan',
      email: '=cmd|/C calc!A0@example.com',
      productName: '钻石套餐 “超值”, 限时',
      gatewayRef: '30012345678',
      paymentChannel: 'FPX_MB2U',
      createdAt: new Date('2026-11-21T10:00:00.123Z'),
      paidAt: new Date('2026-11-21T10:01:02Z'),
      deliveredAt: new Date('2026-11-21T10:01:09Z'),
    });
    await order({
      orderNum: nums.failed,
      orderStatus: ORDER_STATUS.PAYMENT_FAILED,
      gameId: 'failed_fan',
      createdAt: new Date('2026-11-21T11:00:00Z'),
    });
    const refundedId = await order({
      orderNum: nums.refunded,
      orderStatus: ORDER_STATUS.REFUNDED,
      gameId: 'refund_fan',
      quantity: 1,
      amount: 245,
      amountGame: 100,
      gatewayRef: '30087654321',
      paymentChannel: 'credit',
      refundRef: 'RF-1',
      createdAt: new Date('2026-11-21T12:00:00Z'),
      paidAt: new Date('2026-11-21T12:00:30Z'),
    });
    await db.insert(orderEvents).values([
      { orderId: refundedId, fromStatus: 10, toStatus: 11, cause: 'refund', actor: 'user:1' },
      {
        orderId: refundedId,
        fromStatus: 11,
        toStatus: 12,
        cause: 'refund_done',
        actor: 'gateway:fiuu',
        createdAt: new Date('2026-11-22T16:30:00Z'),
      },
    ]);
    const promoId = await order({
      orderNum: nums.promo,
      orderStatus: ORDER_STATUS.CHARGED,
      gameId: 'promo_fan',
      bonusGame: 50,
      gatewayRef: '30011112222',
      paymentChannel: 'credit',
      createdAt: new Date('2026-11-21T13:00:00Z'),
      paidAt: new Date('2026-11-21T13:00:40Z'),
      deliveredAt: new Date('2026-11-21T13:00:45Z'),
    });
    const [promotion] = await db
      .insert(promotions)
      .values({
        kind: 'code',
        name: '双十二',
        code: 'XMAS50',
        bonusType: 'fixed',
        bonusValue: 50,
        active: true,
      })
      .returning({ id: promotions.id });
    if (!promotion) throw new Error('no promotion');
    await db.insert(orderBonuses).values({
      orderId: promoId,
      promotionId: promotion.id,
      kind: 'code',
      code: 'XMAS50',
      diamonds: 50,
      gameId: 'promo_fan',
      state: 'delivered',
    });
    await order({
      orderNum: nums.stripe,
      orderStatus: ORDER_STATUS.CHARGED,
      gameId: 'stripe_fan',
      currency: 'HKD',
      unitAmount: 7400,
      quantity: 1,
      amount: 7400,
      amountGame: 100,
      gateway: 'stripe',
      gatewayRef: 'cs_test_a1b2c3',
      paymentChannel: 'card',
      createdAt: new Date('2026-11-21T14:00:00Z'),
      paidAt: new Date('2026-11-21T14:00:05Z'),
      deliveredAt: new Date('2026-11-21T14:00:09Z'),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('writes every order with its values, times in the shop’s zone, newest first, after a BOM', async () => {
    const { body, rows } = await exported();
    expect(body.startsWith('\uFEFFOrder number,Created (Asia/Singapore),')).toBe(true);
    expect(rows.map((row) => row['Order number'])).toEqual([
      nums.stripe,
      nums.promo,
      nums.refunded,
      nums.failed,
      nums.paid,
    ]);
    const got = byNum(rows);
    expect(got.get(nums.paid)).toEqual({
      'Order number': nums.paid,
      'Created (Asia/Singapore)': '2026-11-21 18:00:00',
      'Paid (Asia/Singapore)': '2026-11-21 18:01:02',
      'Delivered (Asia/Singapore)': '2026-11-21 18:01:09',
      'Status code': '9',
      Status: 'Charged successfully',
      'BIGO ID': 'paid_fan',
      // A spreadsheet shows it as text: it does not run.
      'E-mail': "'=cmd|/C calc!A0@example.com",
      Product: '钻石套餐 “超值”, 限时',
      'Pack (diamonds)': '100',
      Quantity: '2',
      Currency: 'SGD',
      Amount: '4.90',
      Gateway: 'fiuu',
      Channel: 'FPX_MB2U',
      'Gateway transaction ID': '30012345678',
      'Bonus diamonds': '0',
      'Promo code': '',
      'Refund amount': '',
      'Refunded (Asia/Singapore)': '',
    });
    expect(got.get(nums.failed)).toMatchObject({
      'Status code': '5',
      Status: 'Payment failed',
      'Paid (Asia/Singapore)': '',
      'Delivered (Asia/Singapore)': '',
      'Gateway transaction ID': '',
      'Refund amount': '',
    });
    expect(got.get(nums.refunded)).toMatchObject({
      'Status code': '12',
      Status: 'Refund successful',
      Amount: '2.45',
      'Refund amount': '2.45',
      'Refunded (Asia/Singapore)': '2026-11-23 00:30:00',
    });
    expect(got.get(nums.promo)).toMatchObject({ 'Bonus diamonds': '50', 'Promo code': 'XMAS50' });
    expect(got.get(nums.stripe)).toMatchObject({
      Gateway: 'stripe',
      Channel: 'card',
      Currency: 'HKD',
      Amount: '74.00',
      'Gateway transaction ID': 'cs_test_a1b2c3',
      'Delivered (Asia/Singapore)': '2026-11-21 22:00:09',
    });
  });

  it('selects what the list’s filters select', async () => {
    expect(
      (await exported(`?order_status=${ORDER_STATUS.CHARGED}`)).rows.map((r) => r['Order number']),
    ).toEqual([nums.stripe, nums.promo, nums.paid]);
    expect((await exported('?game_id=refund_fan')).rows.map((r) => r['Order number'])).toEqual([
      nums.refunded,
    ]);
    expect((await exported('?order_num=EXPR')).rows.map((r) => r['Order number'])).toEqual([nums.promo]);
    const none = await exported('?order_num=NOSUCH');
    expect(none.rows).toEqual([]);
    expect(none.body.startsWith('\uFEFFOrder number,')).toBe(true);
    const bad = await get('/api/v1/order/export?order_status=99', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('names headers and statuses in Chinese for lang=zh or a Chinese browser', async () => {
    const asks: { query: string; headers: Record<string, string> }[] = [
      { query: '?lang=zh', headers: {} },
      { query: '', headers: { 'accept-language': 'zh-CN,zh' } },
    ];
    for (const ask of asks) {
      const { rows } = await exported(ask.query, ask.headers);
      const paid = rows.find((row) => row.订单号 === nums.paid);
      expect(paid).toMatchObject({
        状态: '充值成功',
        产品: '钻石套餐 “超值”, 限时',
        '创建时间（Asia/Singapore）': '2026-11-21 18:00:00',
      });
    }
  });

  it('reads in batches without skipping or repeating orders created within the same millisecond', async () => {
    const db = t.app.database.db;
    for (const micro of ['000300', '000100', '000200']) {
      const id = await order({
        orderNum: `EXMICRO${micro.slice(3, 4)}`,
        orderStatus: ORDER_STATUS.PAYMENT_TIMEOUT,
        gameId: 'micro_fan',
      });
      await db
        .update(orders)
        .set({ createdAt: sql`${`2026-11-20 10:00:00.${micro}+00`}::timestamptz` })
        .where(eq(orders.id, id));
    }
    let text = '';
    // One row per batch: the cursor carries created_at to the microsecond (a Date would round all three to one).
    const filter = { gameId: 'micro_fan' };
    for await (const chunk of orderCsv(db, filter, { timeZone: 'UTC', lang: 'en', batchSize: 1 }))
      text += chunk;
    const rows = parse(text, { bom: true, columns: true }) as Row[];
    expect(rows.map((row) => row['Order number'])).toEqual(['EXMICRO3', 'EXMICRO2', 'EXMICRO1']);
  });

  it('is for superusers only, and each export is audited', async () => {
    const res = await get('/api/v1/order/export', buyer);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/order/export' });
    expect(anonymous.statusCode).toBe(401);
    await exported('?game_id=paid_fan');
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.export'), eq(auditLog.entity, 'order')));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.at(-1)?.detail).toEqual({ filters: { game_id: 'paid_fan' }, lang: 'en' });
  });
});

import { ORDER_STATUS, orderNote } from '@ezrecharge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSubscribers } from '../src/modules/order-lifecycle/order-events';
import { OrderLifecycle } from '../src/modules/order-lifecycle/order-lifecycle';
import { eventsOf, orderRow } from './support/order-commit';
import { insertOrder } from './support/orders';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * OrderLifecycle.move on a real database: what a move answers when a reaction to it moves the order on in the same
 * transaction (issue #29: a payment Radar rates highest arrives in 7 and is refused, 7 → 11). The answer names the
 * move made and carries the order as it stands, so a caller that reports a status (the reconciliation's apply) reports
 * 11, not the 7 the move wrote.
 */
describe('the order lifecycle’s moves', () => {
  let t: TestApp;
  const reacted: string[] = [];
  const lifecycle: OrderLifecycle = new OrderLifecycle(
    new OrderSubscribers([
      {
        name: 'refuses every payment',
        on: [ORDER_STATUS.PAYMENT_COMPLETED],
        async moved(tx, { order }) {
          reacted.push(order.orderNum);
          const refused = await lifecycle.move(tx, {
            orderNum: order.orderNum,
            to: ORDER_STATUS.REFUNDING,
            cause: orderNote('text', { text: 'refused by the test' }),
            actor: 'system',
          });
          if (!refused.moved) throw new Error(`not refused: ${refused.reason}`);
        },
      },
      { name: 'watches refunds', on: [ORDER_STATUS.REFUNDING], async moved() {} },
    ]),
  );
  const move = (orderNum: string, to: 4 | 7) =>
    lifecycle.move(t.app.database.db, {
      orderNum,
      to,
      cause: orderNote('text', { text: 'moved by the test' }),
      actor: 'system',
    });

  const awaitingPayment = async () =>
    (await insertOrder(t.app, { productId: null, priceId: null, status: ORDER_STATUS.PENDING_PAYMENT }))
      .orderNum;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers with the order as the reactions left it, and the move it made', async () => {
    const orderNum = await awaitingPayment();
    const result = await move(orderNum, ORDER_STATUS.PAYMENT_COMPLETED);
    expect(result).toMatchObject({
      moved: true,
      from: ORDER_STATUS.PENDING_PAYMENT,
      to: ORDER_STATUS.PAYMENT_COMPLETED,
      order: { orderNum, orderStatus: ORDER_STATUS.REFUNDING },
    });
    expect(reacted).toEqual([orderNum]);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
    expect((await eventsOf(t.app, orderNum)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [ORDER_STATUS.PENDING_PAYMENT, ORDER_STATUS.PAYMENT_COMPLETED],
      [ORDER_STATUS.PAYMENT_COMPLETED, ORDER_STATUS.REFUNDING],
    ]);
  });

  it('answers with the row it wrote when nobody reacts to the arrival', async () => {
    const orderNum = await awaitingPayment();
    const result = await move(orderNum, ORDER_STATUS.PAYMENT_CANCELLED);
    expect(result).toMatchObject({
      moved: true,
      from: ORDER_STATUS.PENDING_PAYMENT,
      to: ORDER_STATUS.PAYMENT_CANCELLED,
      order: { orderNum, orderStatus: ORDER_STATUS.PAYMENT_CANCELLED },
    });
  });
});

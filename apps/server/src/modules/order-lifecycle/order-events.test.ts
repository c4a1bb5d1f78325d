import { ORDER_STATUS, orderNote } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../infra/db';
import { type OrderMoved, type OrderSubscriber, OrderSubscribers } from './order-events';
import type { OrderRow } from './order-row';

const tx = {} as DbOrTx;
const moved = (to: OrderMoved['to']): OrderMoved => ({
  order: { orderNum: 'EZTEST' } as OrderRow,
  from: ORDER_STATUS.PENDING_PAYMENT,
  to,
  cause: orderNote('text', { text: 'test' }),
  actor: 'system',
  eventId: 1,
});

describe('the subscribers to the order’s moves', () => {
  it('run in the order given, each only on the arrivals it names', async () => {
    const ran: string[] = [];
    const subscriber = (name: string, on: OrderSubscriber['on']): OrderSubscriber => ({
      name,
      on,
      moved: async (_tx, event) => {
        ran.push(`${name}@${event.to}`);
      },
    });
    const subscribers = new OrderSubscribers([
      subscriber('rewards', [ORDER_STATUS.PAYMENT_COMPLETED, ORDER_STATUS.CHARGED]),
      subscriber('delivery', [ORDER_STATUS.PAYMENT_COMPLETED]),
      subscriber('receipt', [ORDER_STATUS.CHARGED]),
    ]);
    await subscribers.moved(tx, moved(ORDER_STATUS.PAYMENT_COMPLETED));
    await subscribers.moved(tx, moved(ORDER_STATUS.CHARGED));
    await subscribers.moved(tx, moved(ORDER_STATUS.REFUNDED));
    expect(ran).toEqual(['rewards@7', 'delivery@7', 'rewards@9', 'receipt@9']);
    expect(subscribers.namesOn(ORDER_STATUS.PAYMENT_COMPLETED)).toEqual(['rewards', 'delivery']);
  });

  it('refuse a subscriber registered twice, or one that reacts to moves without naming any', () => {
    const one: OrderSubscriber = { name: 'a', on: [ORDER_STATUS.CHARGED], moved: async () => {} };
    expect(() => new OrderSubscribers([one, one])).toThrow(/registered twice/);
    expect(() => new OrderSubscribers([{ name: 'b', moved: async () => {} }])).toThrow(/names none/);
  });

  it('stop at the first reaction that throws, so the move’s transaction is undone', async () => {
    const ran: string[] = [];
    const subscribers = new OrderSubscribers([
      { name: 'fails', on: [ORDER_STATUS.CHARGED], moved: async () => Promise.reject(new Error('no')) },
      { name: 'after', on: [ORDER_STATUS.CHARGED], moved: async () => void ran.push('after') },
    ]);
    await expect(subscribers.moved(tx, moved(ORDER_STATUS.CHARGED))).rejects.toThrow('no');
    expect(ran).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../src/db/schema';

/**
 * Inserts an order row directly (for tests about what an existing order prevents, not about ordering). The order
 * keeps its own copy of what was bought, as real ones do.
 */
export async function insertOrder(
  app: FastifyInstance,
  fields: {
    productId: number | null;
    priceId: number | null;
    currency?: string;
    unitAmount?: number;
    gameAmount?: number;
    quantity?: number;
    status?: number;
    /** Default 'fiuu'. */
    gateway?: 'fiuu' | 'stripe';
    /** Fiuu tranID or Stripe Checkout Session id. */
    gatewayRef?: string | null;
    email?: string;
    /** Default a fresh `T…` number. */
    orderNum?: string;
    createdBy?: number | null;
  },
): Promise<{ id: number; orderNum: string }> {
  const unitAmount = fields.unitAmount ?? 245;
  const gameAmount = fields.gameAmount ?? 100;
  const quantity = fields.quantity ?? 1;
  const orderNum = fields.orderNum ?? `T${Date.now()}${randomBytes(4).toString('hex')}`;
  const [row] = await app.database.db
    .insert(orders)
    .values({
      orderNum,
      gameId: 'bigo_test_id',
      orderStatus: fields.status ?? 9,
      email: fields.email ?? 'buyer@example.com',
      pageInfo: 'recharge',
      productId: fields.productId,
      productName: 'Test product',
      priceId: fields.priceId,
      currency: fields.currency ?? 'SGD',
      unitAmount,
      gameAmount,
      quantity,
      amount: unitAmount * quantity,
      amountGame: gameAmount * quantity,
      gateway: fields.gateway ?? 'fiuu',
      gatewayRef: fields.gatewayRef ?? null,
      createdBy: fields.createdBy ?? null,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order not created');
  return { id: row.id, orderNum };
}

import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  type TCurrency,
  type TFiuuHandoff,
  type TOrder,
  type TOrderCommitPayloadInput,
  type TOrderHandoff,
  type TPriceSelect,
  WIRE_CONTEXT,
  ZEncryptedSelect,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { orderEvents, orders } from '../../src/db/schema';

/**
 * Placing orders in tests as the recharge page does (SPEC.md §3, §7; DESIGN.md §5): prices come from the public
 * encrypted select, the payload is wire-encrypted with the event time beside it, and each call may come from its
 * own client address so the per-address limits bind only where a test wants them to.
 */

export type PricePack = TPriceSelect['prices'][string][number];

let addressCounter = 0;
/** A client address no other call of this process used (10.77.x.y). */
export function freshIp(): string {
  addressCounter++;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

async function unseal(body: string): Promise<unknown> {
  const sealed = ZEncryptedSelect.parse((JSON.parse(body) as { data: unknown }).data);
  return decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select);
}

/** The packs of the first released product, read through the public selects like the recharge page reads them. */
export async function publicPacks(
  app: FastifyInstance,
): Promise<{ productId: number; select: TPriceSelect }> {
  const products = await app.inject({ method: 'GET', url: '/api/v1/product/select?release=1' });
  const [product] = ZProductSelect.parse(await unseal(products.body));
  if (!product) throw new Error('no released product');
  const res = await app.inject({ method: 'GET', url: `/api/v1/price/select/${product.id}?localLang=en` });
  return { productId: product.id, select: ZPriceSelect.parse(await unseal(res.body)) };
}

export async function publicPack(
  app: FastifyInstance,
  currency: TCurrency,
  diamonds: number,
): Promise<PricePack> {
  const { select } = await publicPacks(app);
  const pack = select.prices[currency]?.find((p) => p.game_amount === diamonds);
  if (!pack) throw new Error(`no ${currency} pack of ${diamonds} diamonds`);
  return pack;
}

/** The payload the form builds for `quantity` packs (amounts computed as the page computes them). */
export function payloadFor(
  pack: PricePack,
  quantity: number,
  overrides: Record<string, unknown> = {},
): TOrderCommitPayloadInput & Record<string, unknown> {
  return {
    game_type: 1,
    game_id: 'buyer_bigo_1',
    price_id: pack.id,
    quantity,
    amount: pack.unit_amount * quantity,
    amount_game: pack.game_amount * quantity,
    pay_currency: pack.currency,
    token: '',
    page_info: 'recharge',
    ...overrides,
  };
}

export interface CommitOptions {
  email?: string;
  /** Default now (UTC+8 yyyyMMddHHmmss). */
  eventtime?: string;
  /** Send this as `data` instead of the encrypted payload. */
  rawData?: string;
  authorization?: string;
  ip?: string;
  acceptLanguage?: string;
  /** The browser's User-Agent header. */
  userAgent?: string;
  /** The browser's Cookie header (issue #29: its `ezr_bid` browser id). */
  cookie?: string;
}

export async function commitOrder(
  app: FastifyInstance,
  payload: unknown,
  options: CommitOptions = {},
): Promise<LightMyRequestResponse> {
  const eventtime = options.eventtime ?? formatEventTime();
  const data = options.rawData ?? (await encryptWireJson(payload, eventtime, WIRE_CONTEXT.order));
  const headers: Record<string, string> = {};
  if (options.authorization) headers.authorization = options.authorization;
  if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({
    method: 'POST',
    url: '/api/v1/order/',
    remoteAddress: options.ip ?? freshIp(),
    headers,
    payload: { data, eventtime, ...(options.email === undefined ? {} : { email: options.email }) },
  });
}

export function handoffOf(res: LightMyRequestResponse): TOrderHandoff {
  if (res.statusCode !== 200) throw new Error(`commit refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: TOrderHandoff }).data;
}

export function formHandoff(res: LightMyRequestResponse): TFiuuHandoff {
  const handoff = handoffOf(res);
  if (handoff.method !== 'form') throw new Error(`expected a form hand-off, got ${handoff.method}`);
  return handoff;
}

/** A visitor's SGD order of `quantity` × `diamonds`, handed off to Fiuu; returns its number. */
export async function placeSgdOrder(
  app: FastifyInstance,
  options: CommitOptions & { diamonds?: number; quantity?: number; gameId?: string } = {},
): Promise<string> {
  const pack = await publicPack(app, 'SGD', options.diamonds ?? 500);
  const res = await commitOrder(
    app,
    payloadFor(pack, options.quantity ?? 2, options.gameId ? { game_id: options.gameId } : {}),
    { email: 'buyer@example.com', ...options },
  );
  return formHandoff(res).order_num;
}

export async function orderRow(app: FastifyInstance, orderNum: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.orderNum, orderNum));
  if (!row) throw new Error(`order ${orderNum} missing`);
  return row;
}

export async function eventsOf(app: FastifyInstance, orderNum: string) {
  const row = await orderRow(app, orderNum);
  return app.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(orderEvents.id);
}

export async function orderCount(app: FastifyInstance): Promise<number> {
  return (await app.database.db.select({ id: orders.id }).from(orders)).length;
}

export function orderOf(res: LightMyRequestResponse): TOrder {
  if (res.statusCode !== 200) throw new Error(`expected an order: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: TOrder }).data;
}

import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import type { z } from 'zod';

type ZPriceSelectT = z.infer<typeof ZPriceSelect>;

/** The order commit as the recharge page sends it, for the benchmarks. */

/** A pack as the public price select answers it. */
export type SelectPack = NonNullable<ZPriceSelectT['prices'][string]>[number];

async function getJson(base: string, path: string): Promise<unknown> {
  const res = await fetch(new URL(path, base));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** The SGD packs of the first released product, as the recharge page reads them (sealed select answers). */
export async function sgdPacks(base: string): Promise<SelectPack[]> {
  const products = (await getJson(base, '/api/v1/product/select?release=1')) as {
    data: { data: string; timestamp: string };
  };
  const productList = ZProductSelect.parse(
    await decryptWireJson(products.data.data, products.data.timestamp, WIRE_CONTEXT.select),
  );
  const product = productList[0];
  if (!product) throw new Error('no released product');
  const prices = (await getJson(base, `/api/v1/price/select/${product.id}?localLang=en`)) as {
    data: { data: string; timestamp: string };
  };
  const select = ZPriceSelect.parse(
    await decryptWireJson(prices.data.data, prices.data.timestamp, WIRE_CONTEXT.select),
  );
  const packs = select.prices.SGD ?? [];
  if (packs.length === 0) throw new Error('no SGD price');
  return packs;
}

/** The commit body for `quantity` of an SGD pack, built the way the browser builds it (encrypted + event time). */
export async function sealedCommit(
  pack: SelectPack,
  buyer: { gameId: string; email: string; quantity?: number },
): Promise<string> {
  const quantity = buyer.quantity ?? 1;
  const eventtime = formatEventTime();
  const data = await encryptWireJson(
    {
      game_type: 1,
      game_id: buyer.gameId,
      price_id: pack.id,
      quantity,
      amount: pack.unit_amount * quantity,
      amount_game: pack.game_amount * quantity,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    },
    eventtime,
    WIRE_CONTEXT.order,
  );
  return JSON.stringify({ data, eventtime, email: buyer.email });
}

/** The commit body for two of the first SGD pack, one buyer for every order. */
export async function commitBody(base: string): Promise<string> {
  const [pack] = await sgdPacks(base);
  if (!pack) throw new Error('no SGD price');
  return sealedCommit(pack, { gameId: 'bench_buyer', email: 'bench@example.com', quantity: 2 });
}

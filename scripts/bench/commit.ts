import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';

/** The order commit as the recharge page sends it, for the benchmarks. */

async function getJson(base: string, path: string): Promise<unknown> {
  const res = await fetch(new URL(path, base));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** The commit body for one SGD pack, built the way the browser builds it (encrypted payload + event time). */
export async function commitBody(base: string): Promise<string> {
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
  const price = select.prices.SGD?.[0];
  if (!price) throw new Error('no SGD price');
  const quantity = 2;
  const eventtime = formatEventTime();
  const data = await encryptWireJson(
    {
      game_type: 1,
      game_id: 'bench_buyer',
      price_id: price.id,
      quantity,
      amount: price.unit_amount * quantity,
      amount_game: price.game_amount * quantity,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    },
    eventtime,
    WIRE_CONTEXT.order,
  );
  return JSON.stringify({ data, eventtime, email: 'bench@example.com' });
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for api.stripe.com, enough for the catalogue sync: Products (create, update) and Prices
 * (create, retrieve, update), answering JSON shaped like Stripe's and Stripe's error bodies. It keeps every call
 * with its form-encoded parameters as sent (`metadata[ezrecharge_price_id]` stays one key), so tests can assert
 * exactly what the SDK sent.
 */

export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeStripeProduct {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  images: string[];
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeStripePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  nickname: string | null;
  metadata: Record<string, string>;
  type: 'one_time';
  created: number;
  livemode: false;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  calls: StripeCall[];
  products: Map<string, FakeStripeProduct>;
  prices: Map<string, FakeStripePrice>;
  /** Answers the next call with this HTTP status and Stripe error instead of doing it. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function metadataOf(
  params: Record<string, string>,
  base: Record<string, string> = {},
): Record<string, string> {
  const out = { ...base };
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (!m?.[1]) continue;
    if (value === '') delete out[m[1]];
    else out[m[1]] = value;
  }
  return out;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

function missing(response: ServerResponse, what: string, id: string): void {
  send(response, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${id}'`,
    },
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const products = new Map<string, FakeStripeProduct>();
  const prices = new Map<string, FakeStripePrice>();
  const failures: { status: number; error: { type: string; message: string; code?: string } }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const params = await readForm(request);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const method = request.method ?? 'GET';
    calls.push({ method, path, params, authorization: request.headers.authorization });

    const failure = failures.shift();
    if (failure) return send(response, failure.status, { error: failure.error });

    if (method === 'POST' && path === '/v1/products') {
      const product: FakeStripeProduct = {
        id: nextId('prod'),
        object: 'product',
        active: params.active !== 'false',
        name: params.name ?? '',
        description: params.description ?? null,
        images: Object.entries(params)
          .filter(([k]) => k.startsWith('images['))
          .map(([, v]) => v),
        metadata: metadataOf(params),
        created: now(),
        livemode: false,
      };
      products.set(product.id, product);
      return send(response, 200, product);
    }
    const productMatch = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (productMatch?.[1]) {
      const product = products.get(productMatch[1]);
      if (!product) return missing(response, 'product', productMatch[1]);
      if (method === 'POST') {
        if (params.name !== undefined) product.name = params.name;
        if (params.description !== undefined) product.description = params.description || null;
        if (params.active !== undefined) product.active = params.active === 'true';
        product.metadata = metadataOf(params, product.metadata);
      }
      return send(response, 200, product);
    }
    if (method === 'POST' && path === '/v1/prices') {
      const productId = params.product ?? '';
      if (!products.has(productId)) {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'product',
            message: `No such product: '${productId}'`,
          },
        });
      }
      const price: FakeStripePrice = {
        id: nextId('price'),
        object: 'price',
        active: true,
        currency: params.currency ?? '',
        unit_amount: Number(params.unit_amount),
        product: productId,
        nickname: params.nickname ?? null,
        metadata: metadataOf(params),
        type: 'one_time',
        created: now(),
        livemode: false,
      };
      prices.set(price.id, price);
      return send(response, 200, price);
    }
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (priceMatch?.[1]) {
      const price = prices.get(priceMatch[1]);
      if (!price) return missing(response, 'price', priceMatch[1]);
      if (method === 'POST') {
        if (params.active !== undefined) price.active = params.active === 'true';
        if (params.nickname !== undefined) price.nickname = params.nickname || null;
        price.metadata = metadataOf(params, price.metadata);
      }
      return send(response, 200, price);
    }
    return send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((err: unknown) => {
      send(response, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    products,
    prices,
    failNext: (status, error) => {
      failures.push({ status, error });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

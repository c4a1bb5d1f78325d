import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formFields } from './form-fields';
import type { SandboxStore, SandboxTx } from './sandbox-store';
import {
  bracketed,
  idempotencyKeyOf,
  indexed,
  noSuch,
  nowSeconds,
  paramNames,
  stripeError,
  stripeId,
} from './stripe-wire';

/**
 * Stripe's Products and Prices as the sandbox plays them, for the shop's catalogue sync; from Stripe's API
 * reference "Products" and "Prices" (create, retrieve, update and their parameters) and the objects'
 * shapes in stripe/openapi `openapi/fixtures3.json` (`product`, `price`); registered inside the Stripe
 * sandbox's scope that checks the secret key:
 *
 *   POST {prefix}/stripe/v1/products          create: name; description (not empty), images[], metadata[], active
 *   GET  {prefix}/stripe/v1/products/{id}     retrieve
 *   POST {prefix}/stripe/v1/products/{id}     update: name, description ('' clears it), images ('' clears them),
 *                                             metadata (merged; a key set to '' is removed; '' clears all), active
 *   POST {prefix}/stripe/v1/prices            create: product, currency, unit_amount, nickname, metadata, active
 *   GET  {prefix}/stripe/v1/prices/{id}       retrieve
 *   POST {prefix}/stripe/v1/prices/{id}       update: active, nickname, metadata, lookup_key, tax_behavior
 *
 * A Price's product, currency and unit_amount cannot change: Stripe's update takes no such parameter, so they
 * are refused as unknown parameters (400 parameter_unknown), as any other parameter the endpoint does not
 * take. An unknown id answers 404 resource_missing. POSTs honour Idempotency-Key: the same key with the same
 * parameters replays the first answer; with other parameters it is refused (400 idempotency_error).
 */

export const STRIPE_PRODUCT = 'stripe_product';
export const STRIPE_PRICE = 'stripe_price';
const CATALOGUE_IDEMPOTENCY = 'stripe_catalogue_idempotency';
const MAX_METADATA_KEYS = 50;

/** A Product in Stripe's shape (fixtures3.json `product`). */
export interface SandboxProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: unknown[];
  metadata: Record<string, string>;
  name: string;
  package_dimensions: null;
  shippable: boolean | null;
  statement_descriptor: string | null;
  tax_code: string | null;
  type: 'service';
  unit_label: string | null;
  updated: number;
  url: string | null;
}

/** A one-time Price in Stripe's shape (fixtures3.json `price`, without the recurring parts). */
export interface SandboxPrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: null;
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

/** Parameters each endpoint takes (`expand` is accepted and ignored: the sandbox has nothing to expand). */
const PRODUCT_CREATE = ['name', 'description', 'images', 'metadata', 'active', 'expand'];
const PRODUCT_UPDATE = ['name', 'description', 'images', 'metadata', 'active', 'expand'];
const PRICE_CREATE = ['product', 'currency', 'unit_amount', 'nickname', 'metadata', 'active', 'expand'];
const PRICE_UPDATE = ['active', 'nickname', 'metadata', 'lookup_key', 'tax_behavior', 'expand'];
const TAX_BEHAVIORS = ['exclusive', 'inclusive', 'unspecified'] as const;

/** A refusal: status and Stripe error fields. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const invalid = (message: string, param: string, code?: string) => new Refusal(400, message, code, param);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

function checkParams(fields: Record<string, string>, allowed: readonly string[]): void {
  const unknown = paramNames(fields).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    throw invalid(
      `Received unknown parameter: ${unknown.slice(0, 80)}`,
      unknown.slice(0, 80),
      'parameter_unknown',
    );
  }
}

function booleanParam(fields: Record<string, string>, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`Invalid boolean: ${value.slice(0, 40)}`, name);
}

/** Metadata as sent: `metadata[k]=v` pairs, or `metadata=` (all cleared); undefined when not sent. */
function metadataParam(fields: Record<string, string>): Record<string, string> | 'clear' | undefined {
  if (fields.metadata === '') return 'clear';
  const pairs = bracketed(fields, 'metadata');
  return Object.keys(pairs).length > 0 ? pairs : undefined;
}

/** Stripe's update semantics: keys are merged into what is there; a key set to '' is removed. */
function mergeMetadata(
  current: Record<string, string>,
  sent: Record<string, string> | 'clear' | undefined,
): Record<string, string> {
  if (sent === undefined) return current;
  if (sent === 'clear') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(sent)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > MAX_METADATA_KEYS) {
    throw invalid(`Metadata can have up to ${MAX_METADATA_KEYS} keys.`, 'metadata');
  }
  return next;
}

/**
 * Runs a POST the way Stripe's idempotency works: one transaction does the work and records the answer under the
 * key; the same key later replays that answer (same parameters) or is refused (other parameters).
 */
async function idempotent<T>(
  store: SandboxStore,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, string>,
  work: (tx: SandboxTx) => Promise<T>,
): Promise<T | FastifyReply> {
  const key = idempotencyKeyOf(request);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.method, request.url.split('?')[0], Object.entries(fields).sort()]))
    .digest('hex');
  try {
    return await store.transaction(async (tx) => {
      if (key) {
        const earlier = await tx.get<{ fingerprint: string; body: T }>(CATALOGUE_IDEMPOTENCY, key);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            throw new Refusal(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key.slice(0, 80)}' if you meant to execute a different request.`,
              undefined,
              undefined,
              'idempotency_error',
            );
          }
          return earlier.body;
        }
      }
      const body = await work(tx);
      if (key && !(await tx.putOnce(CATALOGUE_IDEMPOTENCY, key, { fingerprint, body }))) {
        throw new Refusal(
          409,
          'A request with this idempotency key is in progress.',
          'idempotency_key_in_use',
        );
      }
      return body;
    });
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    const extra = {
      type: err.type,
      ...(err.code ? { code: err.code } : {}),
      ...(err.param ? { param: err.param } : {}),
    };
    return stripeError(reply, err.status, err.message, extra);
  }
}

export function registerStripeCatalogueApi(api: FastifyInstance, { store }: { store: SandboxStore }): void {
  api.post('/stripe/v1/products', async (request, reply) => {
    const f = formFields(request.body);
    return idempotent(store, request, reply, f, async (tx) => {
      checkParams(f, PRODUCT_CREATE);
      const name = f.name ?? '';
      if (name === '') throw missing('name');
      if (f.description === '') {
        throw invalid(
          "You passed an empty string for 'description'. We assume empty values are an attempt to unset a parameter; however 'description' cannot be unset. You should remove 'description' from your request or supply a non-empty value.",
          'description',
        );
      }
      const now = nowSeconds();
      const product: SandboxProduct = {
        id: stripeId('prod', 10),
        object: 'product',
        active: booleanParam(f, 'active') ?? true,
        created: now,
        default_price: null,
        description: f.description ?? null,
        images: indexed(f, 'images') ?? [],
        livemode: false,
        marketing_features: [],
        metadata: mergeMetadata({}, metadataParam(f)),
        name,
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: null,
        updated: now,
        url: null,
      };
      await tx.put(STRIPE_PRODUCT, product.id, product);
      return product;
    });
  });

  api.get('/stripe/v1/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    return (await store.get<SandboxProduct>(STRIPE_PRODUCT, id)) ?? noSuch(reply, 'product', id);
  });

  api.post('/stripe/v1/products/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const f = formFields(request.body);
    return idempotent(store, request, reply, f, async (tx) => {
      const product = await tx.lock<SandboxProduct>(STRIPE_PRODUCT, id);
      if (!product) throw new Refusal(404, `No such product: '${id.slice(0, 80)}'`, 'resource_missing', 'id');
      checkParams(f, PRODUCT_UPDATE);
      if (f.name === '') throw invalid('You cannot unset the name of a product.', 'name');
      const images = f.images === '' ? [] : indexed(f, 'images');
      const updated: SandboxProduct = {
        ...product,
        name: f.name ?? product.name,
        description: f.description === undefined ? product.description : f.description || null,
        images: images ?? product.images,
        metadata: mergeMetadata(product.metadata, metadataParam(f)),
        active: booleanParam(f, 'active') ?? product.active,
        updated: nowSeconds(),
      };
      await tx.put(STRIPE_PRODUCT, id, updated);
      return updated;
    });
  });

  api.post('/stripe/v1/prices', async (request, reply) => {
    const f = formFields(request.body);
    return idempotent(store, request, reply, f, async (tx) => {
      checkParams(f, PRICE_CREATE);
      const productId = f.product ?? '';
      if (productId === '') throw missing('product');
      const currency = (f.currency ?? '').toLowerCase();
      if (currency === '') throw missing('currency');
      if (!/^[a-z]{3}$/.test(currency))
        throw invalid(`Invalid currency: ${currency.slice(0, 10)}`, 'currency');
      if (f.unit_amount === undefined) throw missing('unit_amount');
      const unitAmount = /^\d{1,12}$/.test(f.unit_amount) ? Number(f.unit_amount) : Number.NaN;
      if (!Number.isSafeInteger(unitAmount)) throw invalid('Invalid non-negative integer', 'unit_amount');
      if (!(await tx.get<SandboxProduct>(STRIPE_PRODUCT, productId))) {
        throw invalid(`No such product: '${productId.slice(0, 80)}'`, 'product', 'resource_missing');
      }
      const price: SandboxPrice = {
        id: stripeId('price', 18),
        object: 'price',
        active: booleanParam(f, 'active') ?? true,
        billing_scheme: 'per_unit',
        created: nowSeconds(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: mergeMetadata({}, metadataParam(f)),
        nickname: f.nickname || null,
        product: productId,
        recurring: null,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      };
      await tx.put(STRIPE_PRICE, price.id, price);
      return price;
    });
  });

  api.get('/stripe/v1/prices/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    return (await store.get<SandboxPrice>(STRIPE_PRICE, id)) ?? noSuch(reply, 'price', id, 'price');
  });

  api.post('/stripe/v1/prices/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const f = formFields(request.body);
    return idempotent(store, request, reply, f, async (tx) => {
      const price = await tx.lock<SandboxPrice>(STRIPE_PRICE, id);
      if (!price) throw new Refusal(404, `No such price: '${id.slice(0, 80)}'`, 'resource_missing', 'price');
      checkParams(f, PRICE_UPDATE);
      const taxBehavior = f.tax_behavior;
      if (taxBehavior !== undefined && !TAX_BEHAVIORS.some((t) => t === taxBehavior)) {
        throw invalid(`Invalid tax_behavior: ${taxBehavior.slice(0, 20)}`, 'tax_behavior');
      }
      const updated: SandboxPrice = {
        ...price,
        active: booleanParam(f, 'active') ?? price.active,
        nickname: f.nickname === undefined ? price.nickname : f.nickname || null,
        lookup_key: f.lookup_key === undefined ? price.lookup_key : f.lookup_key || null,
        tax_behavior: TAX_BEHAVIORS.find((t) => t === taxBehavior) ?? price.tax_behavior,
        metadata: mergeMetadata(price.metadata, metadataParam(f)),
      };
      await tx.put(STRIPE_PRICE, id, updated);
      return updated;
    });
  });
}

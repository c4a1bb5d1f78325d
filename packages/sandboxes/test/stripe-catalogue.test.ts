import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxApp, startSandboxApp } from './support/sandbox-app';
import { stripeSdk } from './support/stripe-sdk';

/**
 * Products and Prices of the Stripe sandbox, called through the real `stripe` SDK as the shop's catalogue sync
 * calls them (products.create/update, prices.retrieve/create/update), over HTTP.
 */
describe('Stripe sandbox: Products and Prices', () => {
  let t: SandboxApp;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await startSandboxApp();
    stripe = stripeSdk(`${t.url}/sandbox/stripe`, t.options.stripe?.secretKey ?? '');
  });
  afterAll(async () => t.close());

  /** The Stripe error a call ends in (fails the test when it succeeds). */
  async function stripeErrorOf(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
    const err = await call.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof Stripe.errors.StripeError))
      throw new Error(`expected a Stripe error, got ${String(err)}`);
    return err;
  }

  it('creates a product in Stripe shape and updates it as Stripe does', async () => {
    const created = await stripe.products.create({
      name: '100 diamonds',
      description: 'BIGO LIVE diamonds',
      metadata: { ezrecharge_product_id: '7' },
      images: ['https://cdn.example/p.png'],
    });
    expect(created).toMatchObject({
      object: 'product',
      name: '100 diamonds',
      description: 'BIGO LIVE diamonds',
      active: true,
      livemode: false,
      images: ['https://cdn.example/p.png'],
      metadata: { ezrecharge_product_id: '7' },
      default_price: null,
    });
    expect(created.id).toMatch(/^prod_[A-Za-z0-9]+$/);

    const updated = await stripe.products.update(created.id, {
      name: '110 diamonds',
      description: '',
      metadata: { ezrecharge_product_id: '7', extra: 'x' },
    });
    // An empty description clears it; metadata is merged; what was not sent stays.
    expect(updated).toMatchObject({
      id: created.id,
      name: '110 diamonds',
      description: null,
      images: ['https://cdn.example/p.png'],
      metadata: { ezrecharge_product_id: '7', extra: 'x' },
    });
    const unset = await stripe.products.update(created.id, { metadata: { extra: '' }, active: false });
    expect(unset.metadata).toEqual({ ezrecharge_product_id: '7' });
    expect(unset.active).toBe(false);
    expect((await stripe.products.retrieve(created.id)).name).toBe('110 diamonds');
  });

  it('refuses an empty description on create and answers resource_missing for an unknown product', async () => {
    const empty = await stripeErrorOf(stripe.products.create({ name: 'x', description: '' }));
    expect(empty).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'description' });
    const missing = await stripeErrorOf(stripe.products.update('prod_nosuchthing', { name: 'y' }));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(missing.message).toBe("No such product: 'prod_nosuchthing'");
  });

  it('creates, retrieves and updates a one-time price; its product, currency and amount never change', async () => {
    const product = await stripe.products.create({ name: 'HKD pack' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'HKD',
      unit_amount: 3900,
      nickname: '100 diamonds',
      metadata: { ezrecharge_price_id: '12', game_amount: '100' },
    });
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      currency: 'hkd',
      product: product.id,
      type: 'one_time',
      recurring: null,
      unit_amount: 3900,
      nickname: '100 diamonds',
      metadata: { ezrecharge_price_id: '12', game_amount: '100' },
    });
    expect(String(price.unit_amount_decimal)).toBe('3900');
    expect(price.id).toMatch(/^price_[A-Za-z0-9]+$/);
    expect(await stripe.prices.retrieve(price.id)).toEqual(price);

    const off = await stripe.prices.update(price.id, { active: false });
    expect(off.active).toBe(false);
    const kept = await stripe.prices.update(price.id, {
      active: true,
      nickname: '110 diamonds',
      metadata: { game_amount: '110' },
    });
    expect(kept).toMatchObject({
      active: true,
      nickname: '110 diamonds',
      unit_amount: 3900,
      metadata: { ezrecharge_price_id: '12', game_amount: '110' },
    });

    // The SDK's types do not even offer these; sent anyway, Stripe refuses them as unknown parameters.
    for (const [param, value] of [
      ['unit_amount', 4000],
      ['currency', 'usd'],
      ['product', product.id],
    ] as const) {
      const err = await stripeErrorOf(
        stripe.prices.update(price.id, { [param]: value } as unknown as Stripe.PriceUpdateParams),
      );
      expect(err).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param });
      expect(err.message).toBe(`Received unknown parameter: ${param}`);
    }
    expect((await stripe.prices.retrieve(price.id)).unit_amount).toBe(3900);
  });

  it('answers resource_missing for an unknown price, and refuses a price of an unknown product', async () => {
    const missing = await stripeErrorOf(stripe.prices.retrieve('price_nosuchthing'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'price' });
    expect(missing.message).toBe("No such price: 'price_nosuchthing'");
    const update = await stripeErrorOf(stripe.prices.update('price_nosuchthing', { active: false }));
    expect(update).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const orphan = await stripeErrorOf(
      stripe.prices.create({ product: 'prod_nosuchthing', currency: 'usd', unit_amount: 100 }),
    );
    expect(orphan).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'product' });
    const noAmount = await stripeErrorOf(stripe.prices.create({ product: 'prod_x', currency: 'usd' }));
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'unit_amount' });
  });

  it('honours idempotency keys: the same request replays the first answer, other parameters are refused', async () => {
    const product = await stripe.products.create({ name: 'Idempotent' }, { idempotencyKey: 'product-key-1' });
    const again = await stripe.products.create({ name: 'Idempotent' }, { idempotencyKey: 'product-key-1' });
    expect(again).toEqual(product);
    const price = await stripe.prices.create(
      { product: product.id, currency: 'sgd', unit_amount: 500 },
      { idempotencyKey: 'price-key-1' },
    );
    const replay = await stripe.prices.create(
      { product: product.id, currency: 'sgd', unit_amount: 500 },
      { idempotencyKey: 'price-key-1' },
    );
    expect(replay.id).toBe(price.id);
    expect(
      t.store.dump('stripe_price').filter((p) => (p as { product: string }).product === product.id),
    ).toHaveLength(1);

    const other = await stripeErrorOf(
      stripe.prices.create(
        { product: product.id, currency: 'sgd', unit_amount: 600 },
        { idempotencyKey: 'price-key-1' },
      ),
    );
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('answers only the account secret key', async () => {
    const stranger = stripeSdk(`${t.url}/sandbox/stripe`, 'sk_test_someoneelse');
    const err = await stripeErrorOf(stranger.products.create({ name: 'x' }));
    expect(err).toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
  });
});

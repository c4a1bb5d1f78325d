import { describe, expect, it } from 'vitest';
import { AppError } from '../../infra/http';
import { priceWriteError, toApiPrice, toApiProduct } from './catalogue-common';
import { PRICE_KEY_INDEX } from './catalogue-repository';

/** Shaped like DrizzleQueryError: the driver's error (pg or PGlite) is its cause. */
const dbError = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code, constraint }) });

describe('priceWriteError', () => {
  it('answers a lost race for (product, currency, diamonds) with the 409 under game_amount', () => {
    const err = priceWriteError(dbError('23505', PRICE_KEY_INDEX));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).fieldErrors).toEqual({ game_amount: 'price_taken' });
    expect((err as AppError).message).toBe('A price for this product, currency and diamonds already exists');
  });

  it('answers a product deleted meanwhile with the 400 under product_id', () => {
    const err = priceWriteError(dbError('23503', 'prices_product_id_products_id_fk'));
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).fieldErrors).toEqual({ product_id: 'product_missing' });
    expect((err as AppError).message).toBe('This product does not exist');
  });

  it('leaves other errors as they are', () => {
    const other = dbError('23505', 'some_other_uq');
    expect(priceWriteError(other)).toBe(other);
    const plain = new Error('boom');
    expect(priceWriteError(plain)).toBe(plain);
  });
});

describe('API shapes', () => {
  const at = new Date('2026-02-03T04:05:06.007Z');

  it('shows a product in snake_case with its packs, never its Stripe id or creator', () => {
    const product = toApiProduct(
      {
        id: 7,
        name: 'P',
        code: 'c',
        stripeProductId: 'prod_secret',
        image: '',
        comment: 'm',
        description: 'd',
        payNote: 'n',
        status: 1,
        release: true,
        syncedAt: null,
        createdBy: 1,
        createdAt: at,
        updatedAt: at,
      },
      [100, 500],
    );
    expect(product).toEqual({
      id: 7,
      name: 'P',
      code: 'c',
      image: '',
      comment: 'm',
      description: 'd',
      pay_note: 'n',
      status: 1,
      release: true,
      price_list: [100, 500],
      synced_at: null,
      created_at: '2026-02-03T04:05:06.007Z',
      updated_at: '2026-02-03T04:05:06.007Z',
    });
  });

  it('shows a price with its product name and refuses a currency the shop does not sell', () => {
    const base = {
      id: 3,
      productId: 7,
      productName: 'P',
      currency: 'SGD',
      gameAmount: 100,
      unitAmount: 245,
      code: 'price_1',
      syncedAt: at,
      createdAt: at,
      updatedAt: at,
    };
    expect(toApiPrice(base)).toEqual({
      id: 3,
      product_id: 7,
      product_name: 'P',
      code: 'price_1',
      currency: 'SGD',
      game_amount: 100,
      unit_amount: 245,
      synced_at: '2026-02-03T04:05:06.007Z',
    });
    expect(() => toApiPrice({ ...base, currency: 'EUR' })).toThrow(/unsupported currency/);
  });
});

import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyChoice, packChoice, productChoice } from './buyer-choices';

/** The choices the recharge form makes for the buyer (SPEC.md §4), and when it leaves theirs alone. */

const product = (id: number): TProductSelectItem => ({
  id,
  name: `Product ${id}`,
  code: `p${id}`,
  image: '',
  comment: '',
  description: '',
  pay_note: '',
});

const SELECT: TPriceSelect = {
  currencies: [
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'MYR', name: 'Malaysian Ringgit' },
  ],
  prices: {
    SGD: [{ id: 11, currency: 'SGD', game_amount: 100, unit_amount: 250 }],
    MYR: [{ id: 31, currency: 'MYR', game_amount: 100, unit_amount: 800 }],
  },
};

afterEach(() => vi.restoreAllMocks());

describe('productChoice', () => {
  it('chooses the first product, anew with its currency and pack, unless the chosen one is still sold', () => {
    const list = [product(4), product(5)];
    expect(productChoice(list, '')).toEqual({ product_id: '4', pay_currency: '', price_id: undefined });
    expect(productChoice(list, '9')).toEqual({ product_id: '4', pay_currency: '', price_id: undefined });
    expect(productChoice(list, '5')).toBeUndefined();
    expect(productChoice([], '4')).toEqual({ product_id: '', pay_currency: '', price_id: undefined });
    expect(productChoice(undefined, '')).toBeUndefined();
  });
});

describe('currencyChoice', () => {
  it('chooses the buyer’s likely currency when it is sold, else the first, and clears the pack', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-MY']);
    expect(currencyChoice(SELECT, '')).toEqual({ pay_currency: 'MYR', price_id: undefined });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    expect(currencyChoice(SELECT, 'HKD')).toEqual({ pay_currency: 'SGD', price_id: undefined });
  });

  it('leaves a currency that is sold, and waits for the prices', () => {
    expect(currencyChoice(SELECT, 'MYR')).toBeUndefined();
    expect(currencyChoice(undefined, '')).toBeUndefined();
    expect(currencyChoice({ currencies: [], prices: {} }, 'SGD')).toEqual({
      pay_currency: '',
      price_id: undefined,
    });
  });
});

it('packChoice: clears a pack that is no longer sold in the currency, and nothing else', () => {
  const sold = SELECT.prices.SGD;
  expect(packChoice(sold, 99)).toEqual({ price_id: undefined });
  expect(packChoice(sold, 11)).toBeUndefined();
  expect(packChoice(sold, undefined)).toBeUndefined();
  expect(packChoice(undefined, 99)).toBeUndefined();
});

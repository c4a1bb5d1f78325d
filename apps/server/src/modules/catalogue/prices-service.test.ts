import { describe, expect, it } from 'vitest';
import type { PriceRow } from './catalogue-repository';
import { buildPriceSelect } from './prices-service';

const at = new Date('2026-01-01T00:00:00Z');
const row = (id: number, currency: string, gameAmount: number, unitAmount: number): PriceRow => ({
  id,
  productId: 1,
  currency,
  gameAmount,
  unitAmount,
  code: '',
  syncedAt: null,
  createdAt: at,
  updatedAt: at,
});

describe('buildPriceSelect', () => {
  const rows = [
    row(1, 'USD', 500, 920),
    row(2, 'HKD', 100, 1400),
    row(3, 'SGD', 1000, 2440),
    row(4, 'USD', 100, 185),
    row(5, 'SGD', 100, 245),
  ];

  it('lists the currencies present in the shop’s order, packs by diamonds ascending', () => {
    const select = buildPriceSelect(rows, 'en');
    expect(select.currencies).toEqual([
      { code: 'SGD', name: 'Singapore Dollar' },
      { code: 'USD', name: 'US Dollar' },
      { code: 'HKD', name: 'Hong Kong Dollar' },
    ]);
    expect(select.prices).toEqual({
      SGD: [
        { id: 5, currency: 'SGD', game_amount: 100, unit_amount: 245 },
        { id: 3, currency: 'SGD', game_amount: 1000, unit_amount: 2440 },
      ],
      USD: [
        { id: 4, currency: 'USD', game_amount: 100, unit_amount: 185 },
        { id: 1, currency: 'USD', game_amount: 500, unit_amount: 920 },
      ],
      HKD: [{ id: 2, currency: 'HKD', game_amount: 100, unit_amount: 1400 }],
    });
  });

  it('names the currencies in Chinese for zh', () => {
    expect(buildPriceSelect(rows, 'zh').currencies.map((c) => c.name)).toEqual(['新加坡元', '美元', '港元']);
  });

  it('is empty for a product without prices, and skips a currency the shop does not sell', () => {
    expect(buildPriceSelect([], 'en')).toEqual({ currencies: [], prices: {} });
    expect(buildPriceSelect([row(9, 'EUR', 100, 100)], 'en')).toEqual({ currencies: [], prices: {} });
  });
});

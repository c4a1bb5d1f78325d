import { CURRENCY_CODES, FIUU_CURRENCIES, PAYMENT_GATEWAYS } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { gatewaySettings } from './gateway-settings';
import { createPaymentProviders } from './payment-providers';
import { createStripeSdk } from './stripe/stripe-payments';

const config = loadConfig({ PUBLIC_URL: 'https://shop.example' });
const settings = gatewaySettings(config, 'x'.repeat(48));
const providers = createPaymentProviders({
  settings,
  publicUrl: config.publicUrl,
  log: { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
  stripeSdk: createStripeSdk(settings.stripe),
});

describe('payment provider registry', () => {
  it('has exactly one provider per id the shop knows', () => {
    expect(providers.all().map((p) => p.id)).toEqual([...PAYMENT_GATEWAYS]);
    for (const id of PAYMENT_GATEWAYS) expect(providers.get(id).id).toBe(id);
  });

  it('routes Fiuu currencies to Fiuu and every other currency to Stripe (SPEC.md §7)', () => {
    for (const currency of CURRENCY_CODES) {
      const expected = (FIUU_CURRENCIES as readonly string[]).includes(currency) ? 'fiuu' : 'stripe';
      expect(providers.forCurrency(currency).id).toBe(expected);
    }
  });

  it('refuses an order whose stored provider names none, instead of guessing one', () => {
    expect(providers.ofOrder({ orderNum: 'EZ1', gateway: 'stripe' }).id).toBe('stripe');
    expect(() => providers.ofOrder({ orderNum: 'EZ1', gateway: 'paypal' })).toThrow(
      /names no payment provider/,
    );
    expect(() => providers.ofOrder({ orderNum: 'EZ1', gateway: '' })).toThrow(/names no payment provider/);
  });

  it('gives every provider endpoints with distinct names', () => {
    for (const provider of providers.all()) {
      const names = provider.endpoints.map((e) => e.name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});

import { CURRENCY_CODES, FIUU_CURRENCIES, priceProblem } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fiuuChannelsFor, publicChannel } from './fiuu/fiuu-channels';
import { gatewaySettings } from './gateway-settings';
import {
  createPaymentProviders,
  descriptorForCurrency,
  PAYMENT_PROVIDERS,
  providerDescriptors,
  registryPriceProblem,
} from './payment-providers';
import type { ProviderDescriptor } from './provider-descriptor';
import { stripeChannelsFor } from './stripe/stripe-methods';

const config = loadConfig({ PUBLIC_URL: 'https://shop.example' });
const settings = gatewaySettings(config, 'x'.repeat(48));
const providers = createPaymentProviders({
  descriptors: config.providers,
  settings,
  publicUrl: config.publicUrl,
  log: { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
});

describe('payment provider registry', () => {
  it('has exactly one provider per descriptor, in the registry’s order', () => {
    expect(providers.all().map((p) => p.id)).toEqual(['fiuu', 'stripe']);
    for (const d of PAYMENT_PROVIDERS) {
      expect(providers.get(d.id).id).toBe(d.id);
      expect(providers.descriptor(d.id)).toBe(d);
    }
    expect(providers.descriptor('paypal')).toBeUndefined();
  });

  it('routes Fiuu currencies to Fiuu and every other currency to Stripe (SPEC.md §7)', () => {
    const routes = Object.fromEntries(CURRENCY_CODES.map((c) => [c, providers.forCurrency(c).id]));
    expect(routes).toEqual({
      SGD: 'fiuu',
      MYR: 'fiuu',
      USD: 'fiuu',
      CNY: 'fiuu',
      HKD: 'stripe',
      THB: 'stripe',
      PHP: 'stripe',
      IDR: 'stripe',
      JPY: 'stripe',
      KRW: 'stripe',
      JOD: 'stripe',
    });
  });

  it('agrees with the web’s copy in packages/shared: the Fiuu currencies, and every price check', () => {
    const fiuu = CURRENCY_CODES.filter((c) => descriptorForCurrency(config.providers, c)?.id === 'fiuu');
    expect(fiuu.sort()).toEqual([...FIUU_CURRENCIES].sort());
    // Every shop currency and a few codes it does not sell, at amounts on and off each rule's grid.
    const codes = [...CURRENCY_CODES, 'KWD', 'ISK', 'MGA', 'IQD', 'XXX'];
    for (const currency of codes) {
      for (const minor of [-1, 0, 1, 5, 10, 55, 100, 550, 1250, 1255, 2760, 123456789, 1.5]) {
        expect(registryPriceProblem(config.providers, minor, currency), `${minor} ${currency}`).toBe(
          priceProblem(minor, currency),
        );
      }
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

  it('answers statically, without settings, the channel table and the channel comparison of an order’s gateway', () => {
    const fiuu = providers.descriptor('fiuu');
    expect(fiuu?.channelTable('MYR')).toEqual(fiuuChannelsFor('MYR').map(publicChannel));
    expect(fiuu?.sameChannel('FPX_MB2U', 'mb2u')).toBe(true);
    expect(fiuu?.sameChannel('FPX_MB2U', 'FPX_CIMBCLICKS')).toBe(false);
    expect(providers.descriptor('stripe')?.channelTable('HKD')).toEqual(stripeChannelsFor('HKD'));
    expect(
      providers
        .descriptor('stripe')
        ?.channelTable('THB')
        .map((c) => c.code),
    ).toEqual(['card']);
    expect(providers.descriptor('stripe')?.sameChannel('card', 'CARD')).toBe(true);
  });

  it('allows hand-off forms to exactly the sandbox Fiuu’s origin without keys, and Fiuu’s host with them', () => {
    expect(providers.formOrigins()).toEqual(['https://shop.example']);
    const live = loadConfig({
      PUBLIC_URL: 'https://shop.example',
      FIUU_MERCHANT_ID: 'm1',
      FIUU_VERIFY_KEY: 'v'.repeat(32),
      FIUU_SECRET_KEY: 's'.repeat(32),
    });
    const liveSettings = gatewaySettings(live, 'x'.repeat(48));
    expect(
      createPaymentProviders({
        descriptors: live.providers,
        settings: liveSettings,
        publicUrl: live.publicUrl,
        log: { error: () => {} } as unknown as FastifyBaseLogger,
      }).formOrigins(),
    ).toEqual(['https://pay.fiuu.com']);
  });

  it('refuses a registry with a repeated id or two fallback providers', () => {
    const [fiuu, stripe] = PAYMENT_PROVIDERS;
    expect(() => providerDescriptors([fiuu])).toThrow(/fiuu is registered twice/);
    const other: ProviderDescriptor = { ...stripe, id: 'other' };
    expect(() => providerDescriptors([other])).toThrow(/more than one fallback/);
  });
});

import type { TCurrency, TPriceProblem } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CallSlots } from '../infra/call-slots';
import { fiuuDescriptor } from './fiuu/fiuu-descriptor';
import type { PaymentProvider, PaymentProviderId } from './payment-provider';
import type { ProviderDescriptor, ProviderSettingsBase } from './provider-descriptor';
import type { StripeCatalogue } from './stripe/stripe-catalogue';
import { stripeDescriptor } from './stripe/stripe-descriptor';

/**
 * The registry of payment providers (issue #30): the ordered list of their descriptors (provider-descriptor.ts),
 * each declared in its adapter folder. Money routing, configuration (config.ts), settings, the sandboxes,
 * `check:gateways`, the catalogue's price sync and the CSP's `form-action` all read this list; nothing else in the
 * server names a provider. Adding one is its folder and one line here — or, for a provider made only for a test,
 * one entry of `loadConfig(env, { providers })` / `startTestApp(env, { providers })`.
 */
export const PAYMENT_PROVIDERS = [fiuuDescriptor, stripeDescriptor] as const;

type BuiltIn = (typeof PAYMENT_PROVIDERS)[number];
/** Each built-in provider's parsed configuration, by id (`config.payments.fiuu`). */
export type BuiltInProviderConfigs = { [D in BuiltIn as D['id']]: ReturnType<D['parseConfig']> };
/** Each built-in provider's settings, by id (`settings.fiuu`). */
export type BuiltInProviderSettings = { [D in BuiltIn as D['id']]: ReturnType<D['settings']> };

/**
 * The registry's descriptors followed by `extra` ones, checked: ids unique and usable in a URL path, at most one
 * fallback provider.
 */
export function providerDescriptors(
  extra: readonly ProviderDescriptor[] = [],
): readonly ProviderDescriptor[] {
  const list: readonly ProviderDescriptor[] = [...PAYMENT_PROVIDERS, ...extra];
  const ids = new Set<string>();
  for (const d of list) {
    if (!/^[a-z][a-z0-9-]*$/.test(d.id)) throw new Error(`payment provider id ${JSON.stringify(d.id)}`);
    if (ids.has(d.id)) throw new Error(`payment provider ${d.id} is registered twice`);
    ids.add(d.id);
  }
  if (list.filter((d) => d.fallback).length > 1) throw new Error('more than one fallback payment provider');
  return list;
}

/**
 * SPEC.md §7: the provider that takes payments in a currency: the first provider that claims it, else the fallback
 * provider (Stripe) when it takes it; undefined when none does.
 */
export function descriptorForCurrency(
  descriptors: readonly ProviderDescriptor[],
  currency: string,
): ProviderDescriptor | undefined {
  return (
    descriptors.find((d) => !d.fallback && d.takesCurrency(currency)) ??
    descriptors.find((d) => d.fallback && d.takesCurrency(currency))
  );
}

/**
 * Why a price cannot be stored (packages/shared's `priceProblem` is the web's copy of this): the amount rules of the
 * provider that charges the currency, then those of every provider that mirrors the catalogue (Stripe's prices),
 * which must be able to hold every price.
 */
export function registryPriceProblem(
  descriptors: readonly ProviderDescriptor[],
  minor: number,
  currency: string,
): TPriceProblem | null {
  const charging = descriptorForCurrency(descriptors, currency);
  if (!charging) return 'not_chargeable';
  const mirrors = descriptors.filter((d) => d.priceSync !== undefined && d !== charging);
  for (const d of [charging, ...mirrors]) {
    const problem = d.amountProblem(minor, currency);
    if (problem) return problem;
  }
  return null;
}

export interface PaymentProviders {
  get(id: PaymentProviderId): PaymentProvider;
  /** The provider of a stored order's `gateway` column; throws for a value that names none (a corrupt row). */
  ofOrder(order: { orderNum: string; gateway: string }): PaymentProvider;
  /** SPEC.md §7: the provider that takes payments in this currency. */
  forCurrency(currency: TCurrency): PaymentProvider;
  all(): readonly PaymentProvider[];
  /** The descriptor of a provider id (an order row's `gateway`), for what it declares statically; undefined: none. */
  descriptor(id: string): ProviderDescriptor | undefined;
  /** The origins hand-off forms are posted to (the CSP's `form-action` allows exactly these besides the site). */
  formOrigins(): readonly string[];
  /** The catalogue mirror of the provider with price-sync hooks (Stripe's). */
  priceSync(): StripeCatalogue;
  /** Why a price cannot be charged exactly by this registry's providers (registryPriceProblem); null: it can. */
  priceProblem(minor: number, currency: string): TPriceProblem | null;
}

export interface PaymentProvidersContext {
  descriptors: readonly ProviderDescriptor[];
  /** Settings by provider id (gateway-settings.ts). */
  settings: Readonly<Record<string, ProviderSettingsBase>>;
  /** Our site (PUBLIC_URL): where providers send the buyer back and post their results. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Site-wide call slots (Fiuu's requery limit); absent for a one-off check. */
  slots?: CallSlots | undefined;
}

/** The settings of one provider; throws when the settings were built from another registry. */
export function settingsOf(
  settings: Readonly<Record<string, ProviderSettingsBase>>,
  descriptor: ProviderDescriptor,
): ProviderSettingsBase {
  const own = settings[descriptor.id];
  if (!own) throw new Error(`no settings for payment provider ${descriptor.id}`);
  return own;
}

export function createPaymentProviders(context: PaymentProvidersContext): PaymentProviders {
  const { descriptors } = context;
  const providers = new Map<string, PaymentProvider>(
    descriptors.map((d) => [
      d.id,
      d.create({
        settings: settingsOf(context.settings, d),
        publicUrl: context.publicUrl,
        log: context.log,
        slots: context.slots,
      }),
    ]),
  );
  const get = (id: PaymentProviderId): PaymentProvider => {
    const provider = providers.get(id);
    if (!provider) throw new Error(`payment provider ${id} is not registered`);
    return provider;
  };
  return {
    get,
    ofOrder(order) {
      const provider = providers.get(order.gateway);
      if (!provider) throw new Error(`order ${order.orderNum} names no payment provider (${order.gateway})`);
      return provider;
    },
    forCurrency(currency) {
      const descriptor = descriptorForCurrency(descriptors, currency);
      if (!descriptor) throw new Error(`no payment provider takes ${currency}`);
      return get(descriptor.id);
    },
    all: () => [...providers.values()],
    descriptor: (id) => descriptors.find((d) => d.id === id),
    formOrigins: () => [
      ...new Set(descriptors.flatMap((d) => d.handoffOrigins(settingsOf(context.settings, d)).form)),
    ],
    priceSync() {
      for (const d of descriptors) {
        const catalogue = d.priceSync?.(settingsOf(context.settings, d));
        if (catalogue) return catalogue;
      }
      throw new Error('no payment provider keeps a catalogue mirror');
    },
    priceProblem: (minor, currency) => registryPriceProblem(descriptors, minor, currency),
  };
}

import {
  PAYMENT_GATEWAYS,
  paymentGatewayFor,
  type TCurrency,
  type TPaymentGateway,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { CallSlots } from '../infra/call-slots';
import { createFiuuProvider } from './fiuu/fiuu-provider';
import type { GatewaySettings } from './gateway-settings';
import type { PaymentProvider, PaymentProviderId } from './payment-provider';
import { createStripeProvider } from './stripe/stripe-provider';

/**
 * The registry of payment providers: one per id of packages/shared's PAYMENT_GATEWAYS, each built by the switch
 * below, which the compiler checks is exhaustive. Adding a provider means its folder, a case here and its
 * configuration; nothing else in the server names a provider.
 */

export interface PaymentProviders {
  get(id: PaymentProviderId): PaymentProvider;
  /** The provider of a stored order's `gateway` column; throws for a value that names none (a corrupt row). */
  ofOrder(order: { orderNum: string; gateway: string }): PaymentProvider;
  /** SPEC.md §7: the provider that takes payments in this currency. */
  forCurrency(currency: TCurrency): PaymentProvider;
  all(): readonly PaymentProvider[];
}

export interface ProviderContext {
  settings: GatewaySettings;
  /** Our site (PUBLIC_URL): where providers send the buyer back and post their results. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The one Stripe SDK client (shared with the catalogue sync). */
  stripeSdk: Stripe;
  /** Site-wide call slots (Fiuu's requery limit); absent for a one-off check. */
  slots?: CallSlots | undefined;
}

function assertNever(value: never): never {
  throw new Error(`unknown payment provider ${String(value)}`);
}

function createProvider(id: PaymentProviderId, context: ProviderContext): PaymentProvider {
  switch (id) {
    case 'fiuu':
      return createFiuuProvider(context.settings.fiuu, context.log, context.slots);
    case 'stripe':
      return createStripeProvider(context.settings.stripe, context.publicUrl, context.log, {
        stripe: context.stripeSdk,
      });
    default:
      return assertNever(id);
  }
}

export const isPaymentProviderId = (value: string): value is PaymentProviderId =>
  (PAYMENT_GATEWAYS as readonly string[]).includes(value);

export function createPaymentProviders(context: ProviderContext): PaymentProviders {
  const providers = new Map<TPaymentGateway, PaymentProvider>(
    PAYMENT_GATEWAYS.map((id) => [id, createProvider(id, context)]),
  );
  const get = (id: PaymentProviderId): PaymentProvider => {
    const provider = providers.get(id);
    if (!provider) throw new Error(`payment provider ${id} is not registered`);
    return provider;
  };
  return {
    get,
    ofOrder(order) {
      if (!isPaymentProviderId(order.gateway)) {
        throw new Error(`order ${order.orderNum} names no payment provider (${order.gateway})`);
      }
      return get(order.gateway);
    },
    forCurrency: (currency) => get(paymentGatewayFor(currency)),
    all: () => [...providers.values()],
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { CallSlots } from '../infra/call-slots';
import { type BigoClientOptions, createBigoClient } from './bigo/bigo-client';
import { type GatewaySettings, gatewaySettings } from './gateway-settings';
import { createPaymentProviders } from './payment-providers';
import type { Gateways } from './ports';
import type { StripeCatalogue } from './stripe/stripe-catalogue';

export { newSeqid } from './bigo/bigo-signature';
export type { GatewaySettings } from './gateway-settings';
export type * from './payment-provider';
export type { PaymentProviders } from './payment-providers';
export type * from './ports';
export type { ProviderDescriptor } from './provider-descriptor';
export type { StripeCatalogue } from './stripe/stripe-catalogue';

/** The far ends, real or sandbox by configuration (see gateway-settings.ts), for the providers config.ts read. */
export function createGateways(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
  options: { bigo?: BigoClientOptions | undefined; slots?: CallSlots | undefined } = {},
): { gateways: Gateways; settings: GatewaySettings; stripeCatalogue: StripeCatalogue } {
  const settings = gatewaySettings(config, secret);
  const payments = createPaymentProviders({
    descriptors: config.providers,
    settings,
    publicUrl: config.publicUrl,
    log,
    slots: options.slots,
  });
  return {
    settings,
    gateways: { payments, bigo: createBigoClient(settings.bigo, log, options.bigo) },
    // The catalogue mirror from the price-sync hook of the provider that keeps one (Stripe: on its own SDK client).
    stripeCatalogue: payments.priceSync(),
  };
}

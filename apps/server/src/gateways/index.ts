import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { CallSlots } from '../infra/call-slots';
import { type BigoClientOptions, createBigoClient } from './bigo/bigo-client';
import { type GatewaySettings, gatewaySettings } from './gateway-settings';
import { createPaymentProviders } from './payment-providers';
import type { Gateways } from './ports';
import { StripeCatalogue } from './stripe/stripe-catalogue';
import { createStripeSdk } from './stripe/stripe-payments';

export { newSeqid } from './bigo/bigo-signature';
export type { GatewaySettings } from './gateway-settings';
export type * from './payment-provider';
export type { PaymentProviders } from './payment-providers';
export type * from './ports';
export type { StripeCatalogue } from './stripe/stripe-catalogue';

/** The far ends, real or sandbox by configuration (see gateway-settings.ts). */
export function createGateways(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
  options: { bigo?: BigoClientOptions | undefined; slots?: CallSlots | undefined } = {},
): { gateways: Gateways; settings: GatewaySettings; stripeCatalogue: StripeCatalogue } {
  const settings = gatewaySettings(config, secret);
  // One Stripe client for Checkout, refunds and the catalogue sync.
  const stripeSdk = createStripeSdk(settings.stripe);
  return {
    settings,
    gateways: {
      payments: createPaymentProviders({
        settings,
        publicUrl: config.publicUrl,
        log,
        stripeSdk,
        slots: options.slots,
      }),
      bigo: createBigoClient(settings.bigo, log, options.bigo),
    },
    stripeCatalogue: new StripeCatalogue(stripeSdk),
  };
}

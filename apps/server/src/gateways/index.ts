import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type BigoClientOptions, createBigoClient } from './bigo/bigo-client';
import { createFiuuClient } from './fiuu/fiuu-client';
import { type GatewaySettings, gatewaySettings } from './gateway-settings';
import type { Gateways } from './ports';
import { createStripePayments } from './stripe/stripe-payments';

export type { GatewaySettings } from './gateway-settings';
export type * from './ports';

/** The three far ends, real or sandbox by configuration (see gateway-settings.ts). */
export function createGateways(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
  options: { bigo?: BigoClientOptions | undefined } = {},
): { gateways: Gateways; settings: GatewaySettings } {
  const settings = gatewaySettings(config, secret);
  return {
    settings,
    gateways: {
      fiuu: createFiuuClient(settings.fiuu, log),
      stripe: createStripePayments(settings.stripe, log),
      bigo: createBigoClient(settings.bigo, log, options.bigo),
    },
  };
}

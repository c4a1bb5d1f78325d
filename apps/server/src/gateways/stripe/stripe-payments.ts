import type { FastifyBaseLogger } from 'fastify';
import type { StripeSettings } from '../gateway-settings';
import type { StripeGateway } from '../ports';

// TODO(issue 5, payments helper): implement.
export function createStripePayments(_settings: StripeSettings, _log: FastifyBaseLogger): StripeGateway {
  const missing = (): never => {
    throw new Error('createStripePayments: not implemented yet');
  };
  return new Proxy({}, { get: missing }) as never;
}

import type { FastifyBaseLogger } from 'fastify';
import type { BigoSettings } from '../gateway-settings';
import type { BigoGateway } from '../ports';

// TODO(issue 5, BIGO helper): implement.
export function createBigoClient(_settings: BigoSettings, _log: FastifyBaseLogger): BigoGateway {
  const missing = (): never => {
    throw new Error('createBigoClient: not implemented yet');
  };
  return new Proxy({}, { get: missing }) as never;
}

import type { FastifyBaseLogger } from 'fastify';
import type { FiuuSettings } from '../gateway-settings';
import type { FiuuGateway } from '../ports';

// TODO(issue 5, payments helper): implement.
export function createFiuuClient(_settings: FiuuSettings, _log: FastifyBaseLogger): FiuuGateway {
  const missing = (): never => {
    throw new Error('createFiuuClient: not implemented yet');
  };
  return new Proxy({}, { get: missing }) as never;
}

import type { SandboxOptions } from '@ezrecharge/sandboxes';
import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../infra/auth';
import type { Db } from '../infra/db';
import { createSandboxStore } from '../infra/sandbox-store';
import { type GatewaySettings, SANDBOX_PREFIX } from './gateway-settings';
import { settingsOf } from './payment-providers';
import type { ProviderDescriptor, SandboxContext } from './provider-descriptor';

/**
 * Serves the built-in far ends for the vendors that have no keys, under /sandbox: each payment provider's as its
 * descriptor declares it (a part of packages/sandboxes' options, or a far end of its own), and BIGO's simulator.
 * The workspace is loaded only when some vendor needs it: a server with every vendor's keys never loads it, and
 * config.ts refuses to start NODE_ENV=production with a sandbox unless ALLOW_SANDBOX=1. The sandboxes get what a
 * vendor's side of the account would hold: the credentials it shares with us (derived from APP_SECRET by the
 * descriptors and gateway-settings.ts), the shop's endpoints as its portal would list them, a store over
 * sandbox_records, and the superuser guard for their controls.
 */
export async function registerSandboxes(
  app: FastifyInstance,
  deps: {
    providers: readonly ProviderDescriptor[];
    settings: GatewaySettings;
    publicUrl: string;
    db: Db;
    guards: AuthGuards;
  },
): Promise<void> {
  const { bigo } = deps.settings;
  const context: SandboxContext = {
    publicUrl: deps.publicUrl,
    payments: `${deps.publicUrl}/api/v1/payment`,
    sandboxBase: `${deps.publicUrl}${SANDBOX_PREFIX}`,
  };
  const sandboxed = deps.providers
    .map((descriptor) => ({ descriptor, settings: settingsOf(deps.settings, descriptor) }))
    .filter(({ settings }) => settings.sandbox);

  const parts = sandboxed.map(({ descriptor, settings }) =>
    descriptor.sandbox.workspaceOptions?.(settings, context),
  );
  if (parts.some((part) => part !== undefined) || bigo.sandbox) {
    const { sandboxes } = await import('@ezrecharge/sandboxes');
    const options = {
      store: createSandboxStore(deps.db),
      publicUrl: context.sandboxBase,
      requireOperator: deps.guards.requireSuperuser,
      ...Object.assign({}, ...parts),
      // The simulator refuses to start without a readable public key (gateway-settings.ts always derives one).
      bigo: bigo.sandbox
        ? { clientId: bigo.clientId, publicKey: bigo.publicKey ?? '', signAlg: bigo.signAlg }
        : undefined,
    } as SandboxOptions;
    await app.register(sandboxes, { ...options, prefix: SANDBOX_PREFIX });
  }

  for (const { descriptor, settings } of sandboxed) {
    const register = descriptor.sandbox.register;
    if (register) {
      await app.register(async (scope) => register(scope, settings, context), { prefix: SANDBOX_PREFIX });
    }
  }
}

import type { SandboxOptions } from '@ezrecharge/sandboxes';
import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../infra/auth';
import type { Db } from '../infra/db';
import { createSandboxStore } from '../infra/sandbox-store';
import { type GatewaySettings, SANDBOX_PREFIX } from './gateway-settings';

/**
 * Serves the built-in far ends (packages/sandboxes) for the vendors that have no keys, under /sandbox. The
 * workspace is loaded only then: a server with every vendor's keys never loads it, and config.ts refuses to start
 * NODE_ENV=production with a sandbox unless ALLOW_SANDBOX=1. The sandboxes get what a vendor's side of the account
 * would hold: the credentials it shares with us (derived from APP_SECRET in gateway-settings.ts), the shop's
 * endpoints as its portal would list them, a store over sandbox_records, and the superuser guard for their controls.
 */
export async function registerSandboxes(
  app: FastifyInstance,
  deps: { settings: GatewaySettings; publicUrl: string; db: Db; guards: AuthGuards },
): Promise<void> {
  const { fiuu, stripe, bigo } = deps.settings;
  if (!fiuu.sandbox && !stripe.sandbox && !bigo.sandbox) return;
  const { sandboxes } = await import('@ezrecharge/sandboxes');
  const payments = `${deps.publicUrl}/api/v1/payment`;
  const options: SandboxOptions = {
    store: createSandboxStore(deps.db),
    publicUrl: `${deps.publicUrl}${SANDBOX_PREFIX}`,
    requireOperator: deps.guards.requireSuperuser,
    fiuu: fiuu.sandbox
      ? {
          merchantId: fiuu.merchantId,
          verifyKey: fiuu.verifyKey,
          secretKey: fiuu.secretKey,
          notifyUrl: `${payments}/fiuu/notify`,
          callbackUrl: `${payments}/fiuu/callback`,
          extendedVcode: fiuu.extendedVcode,
        }
      : undefined,
    stripe: stripe.sandbox
      ? {
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          webhookUrl: `${payments}/stripe/webhook`,
        }
      : undefined,
    // The simulator refuses to start without a readable public key (gateway-settings.ts always derives one).
    bigo: bigo.sandbox
      ? { clientId: bigo.clientId, publicKey: bigo.publicKey ?? '', signAlg: bigo.signAlg }
      : undefined,
  };
  await app.register(sandboxes, { ...options, prefix: SANDBOX_PREFIX });
}

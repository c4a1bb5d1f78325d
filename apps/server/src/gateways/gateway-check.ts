import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createGateways } from '.';
import { settingsOf } from './payment-providers';
import type { CheckLine } from './provider-descriptor';

export type { CheckLine } from './provider-descriptor';

/**
 * `npm run check:gateways` (docs/go-live.md): checks the live credentials of each vendor without moving money, one
 * line per vendor.
 * - Each payment provider as its descriptor checks itself (`checkCredentials`: Fiuu a status query of an order
 *   that cannot exist, Stripe its account and webhook endpoint), in the registry's order.
 * - BIGO: BIGO's signature test API (/oauth2/test_sign: client id, key, algorithm and our IP), then a precheck of the
 *   reseller's own BIGO ID when BIGO_RESELLER_ID is set (its diamond balance).
 */

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

export async function checkGateways(config: Config): Promise<CheckLine[]> {
  // The sandboxes' keys derive from APP_SECRET, but a vendor on its sandbox is skipped: any secret serves.
  const { gateways, settings } = createGateways(
    config,
    'check-gateways'.repeat(4),
    quiet as unknown as FastifyBaseLogger,
  );
  const lines: CheckLine[] = [];

  for (const descriptor of config.providers) {
    const own = settingsOf(settings, descriptor);
    if (own.sandbox) {
      lines.push({
        vendor: descriptor.id,
        result: 'skipped',
        text: `built-in sandbox (no ${descriptor.variablePrefix}_* keys set)`,
      });
    } else {
      lines.push(
        await descriptor.checkCredentials(own, {
          provider: gateways.payments.get(descriptor.id),
          publicUrl: config.publicUrl,
        }),
      );
    }
  }

  if (settings.bigo.sandbox) {
    lines.push({ vendor: 'bigo', result: 'skipped', text: 'built-in simulator (no BIGO_* keys set)' });
  } else {
    const signature = await gateways.bigo.testSignature();
    if (!signature.ok) {
      lines.push({
        vendor: 'bigo',
        result: 'failed',
        text: `signature test failed: ${signature.detail} — check BIGO_CLIENT_ID, BIGO_PRIVATE_KEY, BIGO_SIGN_ALG and the IP allow-list`,
      });
    } else if (!settings.bigo.resellerId) {
      lines.push({
        vendor: 'bigo',
        result: 'ok',
        text: `${signature.detail} (set BIGO_RESELLER_ID to check the reseller's balance too)`,
      });
    } else {
      const precheck = await gateways.bigo.precheck(settings.bigo.resellerId);
      lines.push(
        precheck.kind === 'ok'
          ? {
              vendor: 'bigo',
              result: 'ok',
              text: `${signature.detail}; reseller ${settings.bigo.resellerId} balance ${precheck.balance ?? 'not reported'} diamonds`,
            }
          : {
              vendor: 'bigo',
              result: 'failed',
              text: `${signature.detail}, but the reseller precheck failed: ${precheck.reason}`,
            },
      );
    }
  }
  return lines;
}

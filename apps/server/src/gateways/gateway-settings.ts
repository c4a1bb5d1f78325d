import { createECDH, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Config } from '../config';
import { keyedHash } from '../infra/tokens';
import type { BuiltInProviderSettings } from './payment-providers';
import type { ProviderSettingsBase } from './provider-descriptor';

/**
 * The settings each gateway client runs with. With keys in the environment they are the real far end's; without,
 * they point at the built-in sandbox on our own server (PUBLIC_URL/sandbox/…) with keys derived from APP_SECRET,
 * so every server process sharing APP_SECRET and the database agrees on them (DESIGN.md §3, §7, §8).
 */

export type { FiuuSettings } from './fiuu/fiuu-settings';
export type { StripeSettings } from './stripe/stripe-settings';

export interface BigoSettings {
  sandbox: boolean;
  apiBase: string;
  clientId: string;
  /** PEM (PKCS#8) private key we sign requests with. */
  privateKey: string;
  signAlg: 'RS256' | 'ES256';
  resellerId: string | undefined;
  /** The matching public key (SPKI PEM): only known for the sandbox, whose simulator verifies with it. */
  publicKey: string | undefined;
}

/**
 * The settings of every far end: each payment provider's under its id (its descriptor turns its configuration into
 * them, gateways/payment-providers.ts), and BIGO's, the delivery gateway.
 */
export type GatewaySettings = BuiltInProviderSettings & { bigo: BigoSettings } & {
  readonly [id: string]: ProviderSettingsBase;
};

/** Where the built-in sandboxes are served on our own server (gateways/sandboxes.ts registers them there). */
export const SANDBOX_PREFIX = '/sandbox';

export const SANDBOX_BIGO_CLIENT_ID = 'ezrecharge-sandbox';

const derive = (secret: string, purpose: string) => keyedHash(secret, purpose, 'sandbox-gateway');

/** A P-256 key pair whose private scalar derives from APP_SECRET: the same in every process that shares it. */
export function sandboxBigoKeys(secret: string): { privateKey: string; publicKey: string } {
  const scalar = Buffer.from(derive(secret, 'bigo-es256'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  const pub = ecdh.getPublicKey();
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: scalar.toString('base64url'),
    x: pub.subarray(1, 33).toString('base64url'),
    y: pub.subarray(33, 65).toString('base64url'),
  };
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  return {
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function gatewaySettings(config: Config, secret: string): GatewaySettings {
  const sandboxBase = `${config.publicUrl}${SANDBOX_PREFIX}`;
  const context = {
    publicUrl: config.publicUrl,
    sandboxBase,
    derive: (purpose: string) => derive(secret, purpose),
  };
  const payments: Record<string, ProviderSettingsBase> = {};
  for (const descriptor of config.providers) {
    const own = config.payments[descriptor.id];
    if (!own) throw new Error(`no configuration for payment provider ${descriptor.id}`);
    payments[descriptor.id] = descriptor.settings(own, context);
  }
  let bigo: BigoSettings;
  if (config.bigo) {
    bigo = { sandbox: false, ...config.bigo, publicKey: undefined };
  } else {
    const keys = sandboxBigoKeys(secret);
    bigo = {
      sandbox: true,
      apiBase: `${sandboxBase}/bigo`,
      clientId: SANDBOX_BIGO_CLIENT_ID,
      privateKey: keys.privateKey,
      signAlg: 'ES256',
      resellerId: undefined,
      publicKey: keys.publicKey,
    };
  }
  // The built-in providers' settings are there by construction: config.providers always starts with them.
  return { ...payments, bigo } as GatewaySettings;
}

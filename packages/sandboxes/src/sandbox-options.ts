import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SandboxStore } from './sandbox-store';

/**
 * What the host tells the sandboxes: what a vendor's side of an account would hold. The credentials are the
 * ones the far end shares with the shop, the URLs the shop's own endpoints as its merchant portal / dashboard
 * would hold them. A sandbox is served only for a vendor given here.
 */

export interface FiuuSandboxOptions {
  /** The merchant account: its ID, verify key and secret key (as Fiuu's merchant portal shows them). */
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  /** The shop's Notification URL and Callback URL, as set in the merchant portal. */
  notifyUrl: string;
  callbackUrl: string;
  /**
   * The merchant-portal switch (set by Fiuu support) that adds the currency to the vcode. Off: only the standard
   * vcode is accepted; on: only the extended one.
   */
  extendedVcode: boolean;
}

export interface StripeSandboxOptions {
  /** The account's secret API key (Bearer) and the webhook endpoint's signing secret. */
  secretKey: string;
  webhookSecret: string;
  /** The shop's webhook endpoint, as registered in the Stripe dashboard. */
  webhookUrl: string;
}

export type BigoSignAlg = 'RS256' | 'ES256';

export interface BigoSimulatorOptions {
  /** The client id BIGO assigned, and the public key (PEM) and algorithm the reseller registered with BIGO. */
  clientId: string;
  publicKey: string;
  signAlg: BigoSignAlg;
}

/** A Fastify preHandler: the host's check that the caller is an operator (it throws or replies when not). */
export type OperatorGuard = preHandlerAsyncHookHandler;

export interface SandboxOptions {
  /** Where the far ends keep their state (see sandbox-store.ts). */
  store: SandboxStore;
  /**
   * The absolute address browsers reach the sandboxes at (the host's public URL + the prefix they are registered
   * under), e.g. `https://shop.example/sandbox`: the Stripe Checkout page's URL is built from it.
   */
  publicUrl: string;
  /** Guards the control endpoints (how refunds end, what BIGO answers): only operators may steer a far end. */
  requireOperator: OperatorGuard;
  fiuu?: FiuuSandboxOptions | undefined;
  stripe?: StripeSandboxOptions | undefined;
  bigo?: BigoSimulatorOptions | undefined;
}

import type { TCurrency, TPaymentChannel, TPriceProblem } from '@ezrecharge/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CallSlots } from '../infra/call-slots';
import type { PaymentProvider } from './payment-provider';
import type { StripeCatalogue } from './stripe/stripe-catalogue';

/**
 * Issue #30, "one descriptor per provider": everything the server knows about a payment provider, declared once in
 * its adapter folder (fiuu/fiuu-descriptor.ts, stripe/stripe-descriptor.ts) and read through the registry
 * (payment-providers.ts): which currencies it takes and its amount rules, its channels, its configuration variables,
 * the origins its hand-off sends the browser to, its built-in sandbox, its credential check for `check:gateways`,
 * its price-sync hooks, and how to build the PaymentProvider itself. Nothing outside the folder names the provider.
 *
 * The members are methods (not function-valued properties) on purpose: a descriptor of its own configuration and
 * settings types is then usable where the registry holds `ProviderDescriptor` of the base types.
 */

/** What every provider's parsed configuration says: whether it names a real far end (keys set) or the sandbox. */
export interface ProviderConfigBase {
  /** True when the environment gives the provider's keys; false: the built-in sandbox stands in for it. */
  live: boolean;
}

/** What every provider's settings say. */
export interface ProviderSettingsBase {
  /** True when the far end is the built-in sandbox. */
  sandbox: boolean;
}

/** What a descriptor gets to turn its configuration into settings. */
export interface SettingsContext {
  /** Our site (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** Where the built-in sandboxes are served: `${publicUrl}/sandbox`. */
  sandboxBase: string;
  /** A value derived from APP_SECRET for `purpose` (hex): the same in every process sharing the secret. */
  derive(purpose: string): string;
}

/** What a descriptor gets to build its PaymentProvider. */
export interface ProviderContext<S> {
  settings: S;
  /** Our site (PUBLIC_URL): where providers send the buyer back and post their results. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Site-wide call slots (Fiuu's requery limit); absent for a one-off check. */
  slots?: CallSlots | undefined;
}

/** One line of `npm run check:gateways`. */
export interface CheckLine {
  vendor: string;
  /** skipped: the vendor runs on the built-in sandbox (no keys), nothing to check. */
  result: 'ok' | 'failed' | 'skipped';
  text: string;
}

/** What a sandbox is registered with: the shop's URLs as the vendor's portal would hold them. */
export interface SandboxContext {
  /** Our site (PUBLIC_URL): where a far end sends the buyer back. */
  publicUrl: string;
  /** `${PUBLIC_URL}/api/v1/payment`: a provider's endpoints are `${payments}/${id}/${name}`. */
  payments: string;
  /** `${PUBLIC_URL}/sandbox`. */
  sandboxBase: string;
}

export interface ProviderSandbox<S> {
  /**
   * The provider's part of packages/sandboxes' options (`{ fiuu: … }`), for a far end that workspace serves.
   * gateways/sandboxes.ts merges the parts and loads the workspace (the only server file allowed to).
   */
  workspaceOptions?(settings: S, context: SandboxContext): Record<string, unknown>;
  /** A far end of the provider's own, registered on the app under /sandbox (a test's provider uses this). */
  register?(app: FastifyInstance, settings: S, context: SandboxContext): Promise<void>;
}

export interface ProviderDescriptor<
  C extends ProviderConfigBase = ProviderConfigBase,
  S extends ProviderSettingsBase = ProviderSettingsBase,
> {
  /** Stored in `orders.gateway`, and the path segment of its endpoints (/api/v1/payment/{id}/…). */
  readonly id: string;
  /** The vendor's name as operators know it ("Fiuu", "Stripe"). */
  readonly displayName: string;

  // ---- Currencies and amounts ----------------------------------------------------------------------------------

  /** Whether the provider takes payments in this currency at all (any string, not only the shop's codes). */
  takesCurrency(currency: string): boolean;
  /**
   * True for the provider that takes every currency no other provider claims (Stripe): routing asks the others
   * first. At most one provider of a registry is the fallback.
   */
  readonly fallback: boolean;
  /** Why the provider cannot charge `minor` ISO minor units of `currency` exactly; null when it can. */
  amountProblem(minor: number, currency: string): TPriceProblem | null;

  // ---- Channels (issue #30) ------------------------------------------------------------------------------------

  /**
   * Every channel the provider knows for a currency (no configuration needed), with its limits: the table code that
   * has only an order's `gateway` looks up. The channels a buyer is offered are the PaymentProvider's `channels`.
   */
  channelTable(currency: TCurrency): readonly TPaymentChannel[];
  /** Whether a channel a result reports is the one chosen on our page (the provider's names for it). */
  sameChannel(chosen: string, reported: string): boolean;

  // ---- Configuration -------------------------------------------------------------------------------------------

  /** The environment variables the provider reads, as zod fields merged into config.ts's schema. */
  readonly variables: z.ZodRawShape;
  /** Variables that only make sense together: some set and others not is an error, not a sandbox. */
  readonly requiredTogether: readonly string[];
  /** The prefix of its variables, for messages ("set FIUU_*"). */
  readonly variablePrefix: string;
  /** The provider's configuration from the parsed environment (its `variables`, already validated). */
  parseConfig(env: Readonly<Record<string, unknown>>): C;
  /** Settings from configuration: the real far end's when `live`, else the sandbox's (keys derived from APP_SECRET). */
  settings(config: C, context: SettingsContext): S;

  // ---- Hand-off, sandbox, check, price sync, the provider ------------------------------------------------------

  /**
   * The origins the buyer's browser is sent to by a hand-off: `form`, where its hand-off form is POSTed (the site's
   * CSP `form-action` allows exactly these besides itself, infra/security.ts); `redirect`, where a redirect hand-off
   * leads (`location.assign`, not governed by `form-action`; listed for the operator and the tests).
   */
  handoffOrigins(settings: S): { form: readonly string[]; redirect: readonly string[] };
  /** The built-in far end that stands in for the vendor without keys. */
  readonly sandbox: ProviderSandbox<S>;
  /** `check:gateways`: checks the live credentials without moving money (called only when not on the sandbox). */
  checkCredentials(
    settings: S,
    context: { provider: PaymentProvider; publicUrl: string },
  ): Promise<CheckLine>;
  /** The catalogue mirror the provider keeps of our products and prices (Stripe's), when it keeps one. */
  priceSync?(settings: S): StripeCatalogue;

  create(context: ProviderContext<S>): PaymentProvider;
}

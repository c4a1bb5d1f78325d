import { fiuuAmountProblem, type TCurrency } from '@ezrecharge/shared';
import { z } from 'zod';
import { channelChoice, httpUrl, knownCodes, optionalText } from '../../config-fields';
import type { CheckLine, ProviderConfigBase, ProviderDescriptor } from '../provider-descriptor';
import { FIUU_CHANNEL_CODES, fiuuChannelsFor, fiuuSameChosenChannel, publicChannel } from './fiuu-channels';
import { createFiuuProvider } from './fiuu-provider';
import type { FiuuSettings } from './fiuu-settings';

/**
 * Fiuu as the registry knows it (issue #30's "one descriptor per provider"; gateways/provider-descriptor.ts).
 */

/** SPEC.md §7/§9 and DESIGN.md §7: these go through Fiuu's hosted page (packages/shared keeps a copy for the web). */
export const FIUU_CURRENCIES: readonly TCurrency[] = ['MYR', 'CNY', 'SGD', 'USD'];

/** Merchant id of the sandbox Fiuu account (letters only, as Fiuu ids are). */
export const SANDBOX_FIUU_MERCHANT = 'ezrecharge_sandbox';

export interface FiuuConfig extends ProviderConfigBase {
  keys:
    | { merchantId: string; verifyKey: string; secretKey: string; paymentUrl: string; apiUrl: string }
    | undefined;
  /** FIUU_EXTENDED_VCODE=1: the vcode carries the currency (for the real Fiuu and the sandbox alike). */
  extendedVcode: boolean;
  /**
   * FIUU_CHANNELS: the Fiuu channel codes offered on our page; undefined = every known channel; [] = none (Fiuu's
   * page chooses, as before issue #30).
   */
  channels: string[] | undefined;
}

const VARIABLES = {
  FIUU_MERCHANT_ID: optionalText,
  FIUU_VERIFY_KEY: optionalText,
  FIUU_SECRET_KEY: optionalText,
  // Fiuu has two hosts (spec v13.86 "Merchant Request APIs" notes): the payment host serves the hosted page
  // (/RMS/pay/{merchant}/) and the IPN endpoint, the API host the status requery and refunds. Each variable is the
  // host's base, never a page path.
  FIUU_PAYMENT_URL: httpUrl
    .refine(
      (v) => !/\/RMS\/pay\/?$/i.test(v),
      'is the payment host (https://pay.fiuu.com), not the /RMS/pay page',
    )
    .optional(),
  FIUU_API_URL: httpUrl.optional(),
  // The merchant-portal switch that adds the currency to the vcode (enabled per merchant by Fiuu support).
  FIUU_EXTENDED_VCODE: z.enum(['0', '1', '']).optional(),
  // Issue #30 (no DESIGN.md §3 row): the Fiuu channels the buyer may choose on our page, comma-separated Fiuu channel
  // codes (FPX_MB2U, RPP_DuitNowQR, TNG-EWALLET, credit, PayNow…): the ones the merchant account has switched on.
  // Unset: every channel of gateways/fiuu/fiuu-channels.ts; `none`: no choice on our page (Fiuu's page chooses).
  FIUU_CHANNELS: optionalText.superRefine(knownCodes('Fiuu channel codes', FIUU_CHANNEL_CODES)),
};

const text = (env: Readonly<Record<string, unknown>>, name: keyof typeof VARIABLES): string | undefined => {
  const value = env[name];
  return typeof value === 'string' ? value : undefined;
};

export const fiuuDescriptor = {
  id: 'fiuu' as const,
  displayName: 'Fiuu',

  takesCurrency: (currency) => (FIUU_CURRENCIES as readonly string[]).includes(currency),
  fallback: false,
  amountProblem: fiuuAmountProblem,

  channelTable: (currency) => fiuuChannelsFor(currency).map(publicChannel),
  sameChannel: fiuuSameChosenChannel,

  variables: VARIABLES,
  requiredTogether: ['FIUU_MERCHANT_ID', 'FIUU_VERIFY_KEY', 'FIUU_SECRET_KEY'],
  variablePrefix: 'FIUU',
  parseConfig(env): FiuuConfig {
    const merchantId = text(env, 'FIUU_MERCHANT_ID');
    const verifyKey = text(env, 'FIUU_VERIFY_KEY');
    const secretKey = text(env, 'FIUU_SECRET_KEY');
    const keys =
      merchantId && verifyKey && secretKey
        ? {
            merchantId,
            verifyKey,
            secretKey,
            paymentUrl: text(env, 'FIUU_PAYMENT_URL') ?? 'https://pay.fiuu.com',
            apiUrl: text(env, 'FIUU_API_URL') ?? 'https://api.fiuu.com',
          }
        : undefined;
    return {
      live: keys !== undefined,
      keys,
      extendedVcode: text(env, 'FIUU_EXTENDED_VCODE') === '1',
      channels: channelChoice(text(env, 'FIUU_CHANNELS')),
    };
  },
  settings(config, { publicUrl, sandboxBase, derive }): FiuuSettings {
    const common = { extendedVcode: config.extendedVcode, channels: config.channels, publicUrl };
    return config.keys
      ? { sandbox: false, ...config.keys, ...common }
      : {
          sandbox: true,
          ...common,
          merchantId: SANDBOX_FIUU_MERCHANT,
          verifyKey: derive('fiuu-verify').slice(0, 32),
          secretKey: derive('fiuu-secret').slice(0, 32),
          paymentUrl: `${sandboxBase}/fiuu`,
          apiUrl: `${sandboxBase}/fiuu-api`,
        };
  },

  // The hosted form is posted to the payment host (the hand-off's payment_url is under it).
  handoffOrigins: (settings) => ({ form: [new URL(settings.paymentUrl).origin], redirect: [] }),
  sandbox: {
    workspaceOptions: (settings, { payments }) => ({
      fiuu: {
        merchantId: settings.merchantId,
        verifyKey: settings.verifyKey,
        secretKey: settings.secretKey,
        notifyUrl: `${payments}/fiuu/notify`,
        callbackUrl: `${payments}/fiuu/callback`,
        extendedVcode: settings.extendedVcode,
      },
    }),
  },
  /**
   * A status query (q_by_oid) for an order id that cannot exist. Fiuu answers "record not found" only to a request
   * whose merchant ID and verify-key skey it accepted; a wrong one is answered with an skey or merchant error. (The
   * secret key signs only answers about real transactions: the first real payment proves it.)
   */
  async checkCredentials(settings, { provider }): Promise<CheckLine> {
    const status = await provider.queryStatus({
      orderNum: `EZCHECK${Date.now()}`,
      amount: 100,
      currency: 'MYR',
      email: 'check@example.com',
      gameId: 'check',
      amountGame: 0,
      productName: 'check',
      lang: 'en',
      registered: false,
      ref: null,
      checkoutUrl: null,
    });
    if (status.state === 'failed') {
      return {
        vendor: 'fiuu',
        result: 'ok',
        text: `merchant ${settings.merchantId} and verify key accepted (status query of an unknown order: ${status.reason ?? 'not found'})`,
      };
    }
    return {
      vendor: 'fiuu',
      result: 'failed',
      text: `status query not accepted: ${status.reason ?? status.state} — check FIUU_MERCHANT_ID, FIUU_VERIFY_KEY and FIUU_API_URL`,
    };
  },

  create: ({ settings, log, slots }) => createFiuuProvider(settings, log, slots),
} satisfies ProviderDescriptor<FiuuConfig, FiuuSettings>;

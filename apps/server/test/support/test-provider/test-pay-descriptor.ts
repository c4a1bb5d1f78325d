import { stripeAmountProblem } from '@ezrecharge/shared';
import { httpUrl, optionalText } from '../../../src/config-fields';
import type { ProviderConfigBase, ProviderDescriptor } from '../../../src/gateways/provider-descriptor';
import { registerTestPayFarEnd } from './test-pay-far-end';
import { createTestPayProvider, type TestPaySettings } from './test-pay-provider';

/**
 * TestPay's descriptor: the whole of what the registry needs to route JPY to it, read its variables, serve its far
 * end without keys, allow its hand-off and check its key. Registered by one line: `startTestApp(env, { providers:
 * [testPayDescriptor] })`.
 */

interface TestPayConfig extends ProviderConfigBase {
  keys: { key: string; pageUrl: string } | undefined;
}

const VARIABLES = { TESTPAY_KEY: optionalText, TESTPAY_URL: httpUrl.optional() };

export const testPayDescriptor = {
  id: 'testpay',
  displayName: 'TestPay',
  // A made-up routing: the shop's yen, which Stripe would take otherwise.
  takesCurrency: (currency) => currency === 'JPY',
  fallback: false,
  // Whole yen, as Stripe counts them.
  amountProblem: stripeAmountProblem,
  channelTable: () => [],
  sameChannel: (chosen, reported) => chosen === reported,

  variables: VARIABLES,
  requiredTogether: ['TESTPAY_KEY', 'TESTPAY_URL'],
  variablePrefix: 'TESTPAY',
  parseConfig(env): TestPayConfig {
    const key = typeof env.TESTPAY_KEY === 'string' ? env.TESTPAY_KEY : undefined;
    const pageUrl = typeof env.TESTPAY_URL === 'string' ? env.TESTPAY_URL : undefined;
    const keys = key && pageUrl ? { key, pageUrl } : undefined;
    return { live: keys !== undefined, keys };
  },
  settings(config, { sandboxBase, derive }): TestPaySettings {
    return config.keys
      ? { sandbox: false, ...config.keys }
      : { sandbox: true, key: derive('testpay-key'), pageUrl: `${sandboxBase}/testpay` };
  },

  handoffOrigins: (settings) => ({ form: [], redirect: [new URL(settings.pageUrl).origin] }),
  sandbox: { register: registerTestPayFarEnd },
  async checkCredentials(settings) {
    // A status query of an order that cannot exist: a far end that knows the key answers 404, another 401.
    const res = await fetch(`${settings.pageUrl}/status/EZCHECK${Date.now()}`, {
      headers: { authorization: `Bearer ${settings.key}` },
    });
    return res.status === 404
      ? {
          vendor: 'testpay',
          result: 'ok',
          text: `key accepted (${settings.pageUrl})`,
        }
      : {
          vendor: 'testpay',
          result: 'failed',
          text: `status query answered ${res.status} — check TESTPAY_KEY`,
        };
  },

  create: ({ settings, log }) => createTestPayProvider(settings, log),
} satisfies ProviderDescriptor<TestPayConfig, TestPaySettings>;

import { ORDER_NUM_PATTERN, orderNote } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type {
  PaymentEndpoint,
  PaymentProvider,
  PaymentReport,
  PaymentStatus,
} from '../../../src/gateways/payment-provider';
import {
  TEST_PAY_SIGNATURE_HEADER,
  type TestPayResult,
  testPayHandoffData,
  testPaySign,
  testPayVerify,
} from './test-pay-protocol';

export interface TestPaySettings {
  sandbox: boolean;
  /** The merchant key both sides sign with. */
  key: string;
  /** The far end's base: its payment page and status API are under it. */
  pageUrl: string;
}

const ENDPOINTS: readonly PaymentEndpoint[] = [
  {
    name: 'notify',
    method: 'POST',
    role: 'notification',
    summary: 'TestPay notification (server to server, signed JSON)',
    description: 'Checked by its HMAC signature, stored, applied; answers 200 OK, or 400 to a bad signature.',
  },
];

const NO_REFUNDS = { state: 'failed', reason: 'TestPay takes no refunds' } as const;

function resultOf(value: unknown): TestPayResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.order !== 'string' || !['paid', 'failed', 'pending'].includes(String(r.status))) return null;
  return {
    order: r.order,
    status: r.status as TestPayResult['status'],
    ...(typeof r.amount === 'number' ? { amount: r.amount } : {}),
    ...(typeof r.currency === 'string' ? { currency: r.currency } : {}),
    ...(typeof r.ref === 'string' ? { ref: r.ref } : {}),
  };
}

function reportOf(result: TestPayResult): PaymentReport {
  return {
    result: result.status,
    amount: result.amount ?? null,
    currency: result.currency ?? null,
    ref: result.ref ?? null,
    cause: orderNote('text', { text: `testpay notify ${result.status}` }),
    detail: { ref: result.ref ?? null },
  };
}

/** TestPay as a PaymentProvider: a signed redirect out, a signed JSON notification back, a status query. */
export function createTestPayProvider(settings: TestPaySettings, log: FastifyBaseLogger): PaymentProvider {
  return {
    id: 'testpay',
    displayName: 'TestPay',
    sandbox: settings.sandbox,
    statelessHandoff: true,
    endpoints: ENDPOINTS,
    channels: () => [],
    sameChannel: (chosen, reported) => chosen === reported,

    async handOff(order) {
      const sig = testPaySign(settings.key, testPayHandoffData(order.orderNum, order.amount, order.currency));
      const query = new URLSearchParams({
        order: order.orderNum,
        amount: String(order.amount),
        currency: order.currency,
        sig,
      });
      return {
        kind: 'page',
        body: {
          method: 'redirect',
          order_num: order.orderNum,
          payment_url: `${settings.pageUrl}/pay?${query}`,
        },
      };
    },

    receive(request) {
      const verified = testPayVerify(settings.key, request.body, request.headers[TEST_PAY_SIGNATURE_HEADER]);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(request.body.toString('utf8'));
      } catch {
        parsed = null;
      }
      const result = resultOf(parsed);
      const orderNum = result && ORDER_NUM_PATTERN.test(result.order) ? result.order : null;
      return {
        payload: (parsed ?? {}) as Record<string, unknown>,
        orderNum,
        dedupeKey: result?.ref ? `${result.ref}:${result.status}` : null,
        onceByKey: false,
        report: verified && result ? reportOf(result) : null,
        ...(verified ? {} : { rejection: 'missing or wrong signature' }),
      };
    },

    async acknowledge() {},

    reply(_endpoint, outcome) {
      if (outcome.failed) return { kind: 'text', status: 500, body: 'ERROR' };
      if (!outcome.verified) return { kind: 'text', status: 400, body: 'BAD SIGNATURE' };
      return { kind: 'text', status: 200, body: 'OK' };
    },

    abandonedOrder: () => null,

    async queryStatus(order): Promise<PaymentStatus> {
      try {
        const res = await fetch(`${settings.pageUrl}/status/${encodeURIComponent(order.orderNum)}`, {
          headers: { authorization: `Bearer ${settings.key}` },
        });
        if (res.status === 404) return { state: 'failed', reason: 'TestPay never saw the order' };
        const result = res.ok ? resultOf(await res.json()) : null;
        if (!result) return { state: 'unknown', reason: `TestPay answered HTTP ${res.status}` };
        return {
          state: result.status,
          ...(result.ref ? { ref: result.ref } : {}),
          ...(result.amount !== undefined ? { amount: result.amount } : {}),
          ...(result.currency ? { currency: result.currency } : {}),
        };
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'TestPay status query failed');
        return { state: 'unknown', reason: 'no answer' };
      }
    },

    // The page cannot be closed from our side; a payment that still arrives is counted anyway.
    expire: async () => true,
    refundBankDetails: () => 'none',
    refundSettlesWithinMs: null,
    refund: async () => NO_REFUNDS,
    refundStatus: async () => NO_REFUNDS,
    records: async () => ({ ok: false, reason: 'TestPay keeps no report' }),
  };
}

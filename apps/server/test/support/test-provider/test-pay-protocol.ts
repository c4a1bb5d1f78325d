import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * TestPay: a payment provider made only for the tests (issue #30's proof that a provider is one descriptor and one
 * registry line). Its protocol, shared by our adapter (test-pay-provider.ts) and its far end (test-pay-far-end.ts):
 *
 * - Hand-off: the buyer is redirected to `{pageUrl}/pay?order=…&amount=…&currency=…&sig=…`, `sig` being the
 *   HMAC-SHA256 (hex) under the merchant key of `order|amount|currency` (amount in ISO minor units).
 * - Notification: the far end POSTs JSON `{ order, status: 'paid'|'failed', amount, currency, ref }` to the shop's
 *   notify URL with header `x-testpay-signature`: the HMAC-SHA256 (hex) of the raw body under the same key; the shop
 *   answers 200 `OK`, or 400 to a body whose signature does not verify (the far end then keeps the result unsent).
 * - Status query: GET `{pageUrl}/status/{order}` with `authorization: Bearer {key}` answers the same JSON, or
 *   `{ order, status: 'pending' }` for an order not paid there (404 for an order it never saw).
 */

export interface TestPayResult {
  order: string;
  status: 'paid' | 'failed' | 'pending';
  amount?: number;
  currency?: string;
  ref?: string;
}

export const TEST_PAY_SIGNATURE_HEADER = 'x-testpay-signature';

export function testPaySign(key: string, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

export function testPayVerify(key: string, data: string | Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(testPaySign(key, data), 'hex'), Buffer.from(signature, 'hex'));
}

/** What the hand-off's `sig` signs. */
export const testPayHandoffData = (order: string, amount: number, currency: string): string =>
  `${order}|${amount}|${currency}`;

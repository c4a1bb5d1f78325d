import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the Stripe sandbox speaks Stripe's wire format, from Stripe's API reference and docs:
 * - requests: form-encoded bodies with bracketed keys (`metadata[order_num]=…`, `images[0]=…`), Bearer secret key,
 *   `Idempotency-Key` and `Stripe-Version` headers ("Authentication", "Idempotent requests", "Versioning");
 * - errors: `{ error: { type, code?, message, param? } }` with 400 / 401 / 404 ("Errors", "Error codes":
 *   resource_missing, parameter_unknown, parameter_missing, idempotency_error);
 * - webhook signatures ("Check the webhook signatures › Verify manually"): header
 *   `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's secret>`.
 */

export function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { code?: string; param?: string; type?: string } = {},
): FastifyReply {
  const { type = 'invalid_request_error', ...rest } = extra;
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { type, message, ...rest } });
}

/** The 404 of an object that does not exist: "No such price: 'price_…'". */
export function noSuch(reply: FastifyReply, object: string, id: string, param = 'id'): FastifyReply {
  return stripeError(reply, 404, `No such ${object}: '${id.slice(0, 80)}'`, {
    code: 'resource_missing',
    param,
  });
}

/** `metadata[order_num]=x` among flat form keys → { order_num: 'x' }. */
export function bracketed(fields: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

/** `images[0]=a&images[1]=b` → ['a', 'b'] (in index order); undefined when no such key was sent. */
export function indexed(fields: Record<string, string>, prefix: string): string[] | undefined {
  const items: [number, string][] = [];
  for (const [key, value] of Object.entries(fields)) {
    const m = /^(.+)\[(\d+)\]$/.exec(key);
    if (m?.[1] === prefix) items.push([Number(m[2]), value]);
  }
  return items.length > 0 ? items.sort((a, b) => a[0] - b[0]).map(([, v]) => v) : undefined;
}

/** The parameter names of a form (`metadata[x]` → `metadata`), to refuse unknown ones as Stripe does. */
export function paramNames(fields: Record<string, string>): string[] {
  return [...new Set(Object.keys(fields).map((key) => key.replace(/\[.*$/, '')))];
}

/** A Stripe-like object id: `prod_…`, `price_…`, `cs_test_…`. */
export const stripeId = (prefix: string, bytes = 16): string =>
  `${prefix}_${randomBytes(bytes).toString('base64url').replace(/[-_]/g, '')}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Whether the request carries `Authorization: Bearer <secret key>`. */
export function bearerMatches(request: FastifyRequest, secretKey: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(secretKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `Idempotency-Key` header (Stripe allows up to 255 characters), or null. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header !== '' ? header.slice(0, 255) : null;
}

/** The `Stripe-Signature` header value for a payload, as Stripe signs webhook deliveries. */
export function webhookSignatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

import type { FastifyReply } from 'fastify';

/** How the Stripe sandbox reads the SDK's form bodies and answers errors, as api.stripe.com does. */

/** A Stripe error body: `{ error: { type, message, … } }`. */
export function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Record<string, string> = {},
) {
  return reply
    .status(status)
    .type('application/json')
    .send({ error: { type: 'invalid_request_error', message, ...extra } });
}

/** Flat form keys as the SDK sends them: `metadata[order_num]` → { order_num }. */
export function bracketed(fields: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

import type { FastifyReply } from 'fastify';
import { stripeError } from './stripe-wire';

/**
 * Stripe's list endpoints as the sandbox answers them, from the API reference "Pagination" and the "List all …"
 * pages of Checkout Sessions and Refunds: newest first; `limit` 1-100 (default 10); `starting_after` /
 * `ending_before` an object id to page from; `created[gte|gt|lte|lt]` (unix seconds) or `created=<seconds>`; the
 * answer is `{ object: 'list', url, has_more, data }`.
 */

export interface ListParams {
  limit: number;
  startingAfter: string | null;
  endingBefore: string | null;
  created: (at: number) => boolean;
}

const BOUNDS = ['gte', 'gt', 'lte', 'lt'] as const;

/** The list parameters of a query string, or a Stripe error already sent. */
export function listParams(
  reply: FastifyReply,
  query: Record<string, string | undefined>,
): ListParams | FastifyReply {
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return stripeError(reply, 400, 'Invalid integer: limit must be between 1 and 100', { param: 'limit' });
  }
  const checks: ((at: number) => boolean)[] = [];
  for (const bound of BOUNDS) {
    const raw = query[`created[${bound}]`];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) {
      return stripeError(reply, 400, `Invalid integer: created[${bound}]`, { param: `created[${bound}]` });
    }
    checks.push(
      bound === 'gte'
        ? (at) => at >= value
        : bound === 'gt'
          ? (at) => at > value
          : bound === 'lte'
            ? (at) => at <= value
            : (at) => at < value,
    );
  }
  if (query.created !== undefined) {
    const exact = Number(query.created);
    if (!Number.isSafeInteger(exact)) {
      return stripeError(reply, 400, 'Invalid integer: created', { param: 'created' });
    }
    checks.push((at) => at === exact);
  }
  return {
    limit,
    startingAfter: query.starting_after || null,
    endingBefore: query.ending_before || null,
    created: (at) => checks.every((check) => check(at)),
  };
}

/** One page of `all` (any order) as Stripe lists it. */
export function listPage<T extends { id: string; created: number }>(
  all: readonly T[],
  params: ListParams,
  url: string,
): { object: 'list'; url: string; has_more: boolean; data: T[] } {
  const sorted = all
    .filter((item) => params.created(item.created))
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  let window = sorted;
  if (params.startingAfter) {
    const at = sorted.findIndex((item) => item.id === params.startingAfter);
    window = at < 0 ? [] : sorted.slice(at + 1);
  } else if (params.endingBefore) {
    const at = sorted.findIndex((item) => item.id === params.endingBefore);
    window = at < 0 ? [] : sorted.slice(Math.max(0, at - params.limit), at);
  }
  return {
    object: 'list',
    url,
    has_more: window.length > params.limit,
    data: window.slice(0, params.limit),
  };
}

import { Readable } from 'node:stream';
import {
  envelope,
  LANGUAGES,
  pageOf,
  ZErrorBody,
  ZOrder,
  ZOrderCommit,
  ZOrderEvent,
  ZOrderHandoff,
  ZOrderListQuery,
  ZOrderLookup,
  ZOrderNumQuery,
  ZPageQuery,
} from '@ezrecharge/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Sessions, type SessionUser } from '../../infra/auth';
import { ensureBrowserId } from '../../infra/browser-id';
import { AppError, ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded } from '../../infra/routes';
import { ORDER_MESSAGES, requestLang } from './orders-common';
import type { Caller, OrdersService } from './orders-service';

const tags = ['orders'];
const _security = [{ bearer: [] }];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody } as const;

/**
 * The caller of a route that works with or without a session. A token that names no live session counts as no
 * token, except where the caller left out what a visitor must give (see the commit): a buyer on the public page
 * must not be sent to sign in because an old session expired in the background.
 */
async function optionalUser(
  request: FastifyRequest,
  sessions: Sessions,
): Promise<{ user: SessionUser | null; deadToken: boolean }> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  if (!token) return { user: null, deadToken: false };
  const user = await sessions.resolve(token);
  request.user = user;
  return { user, deadToken: user === null };
}

/**
 * The order of the result page as GET /order/stripe answers a visitor who is not signed in, for the server to draw
 * /home-order?order_num= with it (infra/spa.ts). The read counts against the same per-address limit; null when
 * the number is malformed or unknown or the limit is reached (the page then loads the order itself, and says so).
 */
export function resultPageOrder(service: OrdersService) {
  return async (request: FastifyRequest, orderNum: string): Promise<unknown | null> => {
    const query = ZOrderNumQuery.safeParse({ order_num: orderNum });
    if (!query.success) return null;
    const caller: Caller = {
      user: null,
      ip: request.ip,
      lang: requestLang(request.headers['accept-language']),
    };
    try {
      const order = await service.read(caller, query.data.order_num);
      // As the route sends it: through its response schema, then JSON.
      return JSON.parse(JSON.stringify(ZOrder.parse(order))) as unknown;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  };
}

/**
 * Orders (SPEC.md §2, §3, §7; DESIGN.md §4, §6, §7): the commit of both recharge pages, Pay Now, the order list,
 * the result page's read, the lookup by e-mail, and the superusers' event history.
 */
export const ordersRoutes: FastifyPluginAsyncZod<RouteContext<{ orders: OrdersService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.orders;
  const { requireUser, requireSuperuser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);
  const forUsers = guarded(requireUser, tags);

  async function callerOf(request: FastifyRequest): Promise<Caller & { deadToken: boolean }> {
    const { user, deadToken } = await optionalUser(request, deps.sessions);
    return {
      user,
      deadToken,
      ip: request.ip,
      lang: requestLang(request.headers['accept-language']),
      userAgent: request.headers['user-agent'],
    };
  }

  app.post(
    '/order/',
    {
      schema: {
        tags,
        summary: 'Place an order from a recharge page and get the payment hand-off',
        description:
          '`data` is the wire-encrypted order payload (DESIGN.md §5, context `order`) with `eventtime` as key. ' +
          'Signed in (Bearer): the profile e-mail is used; otherwise `email` is required. A browser without the ' +
          '`ezr_bid` cookie (its first-party browser id, a key of the risk rules) gets one (HttpOnly, SameSite=Lax, ' +
          'a year). Answers a Fiuu form ' +
          '(`method: form`) or a redirect to Stripe Checkout (`method: redirect`). At most 30 per minute per address.',
        body: ZOrderCommit,
        response: {
          200: envelope(ZOrderHandoff),
          400: ZErrorBody,
          401: ZErrorBody,
          429: ZErrorBody,
          503: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      // Issue #29: the browser's first-party id (set here on its first commit), a key of the card-testing rule.
      const browserId = ensureBrowserId(request, reply, deps.secureCookies);
      const caller = { ...(await callerOf(request)), browserId };
      // A signed-in page (no e-mail field) whose session died: sign in again rather than "enter an e-mail".
      if (caller.deadToken && request.body.email.trim() === '') {
        throw AppError.unauthorized('Your session has expired. Please sign in again.');
      }
      return ok(await service.commit(request.body, caller), ORDER_MESSAGES.created);
    },
  );

  app.post(
    '/order/pay',
    forUsers({
      summary: 'Pay Now: fresh hand-off data for your own order in status 2 or 3',
      querystring: ZOrderNumQuery,
      response: { 200: envelope(ZOrderHandoff), ...errors, 404: ZErrorBody, 503: ZErrorBody },
    }),
    async (request) =>
      ok(await service.payNow(currentUser(request), request.query.order_num), ORDER_MESSAGES.created),
  );

  app.get(
    '/order/',
    forUsers({
      summary: 'List orders, newest first: superusers see all, everyone else their own',
      description: '`order_num` matches the whole number or its beginning.',
      querystring: ZPageQuery.extend(ZOrderListQuery.shape),
      response: { 200: envelope(pageOf(ZOrder)), ...errors },
    }),
    async (request) => ok(await service.list(currentUser(request), request.query)),
  );

  app.get(
    '/order/export',
    forSuperusers({
      summary: "The orders of the list's filters as CSV for a spreadsheet (superusers)",
      description:
        'Same filters as GET /order/ (no paging): every matching order, newest first, one row each. UTF-8 with a ' +
        "byte order mark (Excel reads Chinese text), times in the shop's zone (SHOP_TIME_ZONE), a cell that " +
        "could start a formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'`. Headers and status names in " +
        '`lang`, else the Accept-Language. Streamed in batches; each export is audited.',
      querystring: ZOrderListQuery.extend({ lang: z.enum(LANGUAGES).optional() }),
      // The document's content type of the answers (@fastify/swagger): the CSV, or a JSON error.
      produces: ['text/csv', 'application/json'],
      response: {
        200: z.any().meta({ type: 'string', description: 'The CSV (text/csv; charset=utf-8)' }),
        ...errors,
      },
    }),
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      const language = lang ?? requestLang(request.headers['accept-language']);
      const user = currentUser(request);
      const csv = await service.export({ id: user.id, ip: request.ip }, filters, language);
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${csv.filename}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(Readable.from(csv.chunks));
    },
  );

  app.get(
    '/order/stripe',
    {
      schema: {
        tags,
        summary: 'One order for the result page (e-mail masked unless you placed it or are a superuser)',
        description: 'No sign-in needed: the order number is the key. At most 120 per minute per address.',
        querystring: ZOrderNumQuery,
        response: { 200: envelope(ZOrder), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => ok(await service.read(await callerOf(request), request.query.order_num)),
  );

  app.post(
    '/order/lookup',
    {
      schema: {
        tags,
        summary: 'Find an order by its number and the e-mail it was placed with',
        description:
          '404 unless both match. At most 10 misses per address in 15 minutes (then 429 until the window ends).',
        body: ZOrderLookup,
        response: { 200: envelope(ZOrder), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => ok(await service.lookup(request.body, request.ip)),
  );

  app.get(
    '/order/events',
    forSuperusers({
      summary: "An order's status moves, oldest first (superusers)",
      querystring: ZOrderNumQuery,
      response: { 200: envelope(z.array(ZOrderEvent)), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.events(request.query.order_num)),
  );
};

import {
  CURRENCY_CODES,
  envelope,
  findUnsafeText,
  type TPaymentChannels,
  ZPaymentChannels,
} from '@ezrecharge/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EndpointOutcome, PaymentEndpoint, PaymentProvider, RawPaymentRequest } from '../../gateways';
import { AppError, ok, sendError } from '../../infra/http';
import { unsafeText } from '../../infra/input-hygiene';
import type { RouteContext } from '../../infra/routes';
import type { PaymentsService } from './payments-service';

const tags = ['payments'];

/** The result page; the order number is added only once it has passed ORDER_NUM_PATTERN (no reflected input). */
function resultPage(orderNum: string | null, success: boolean): string {
  if (!orderNum) return '/home-order';
  return `/home-order?${new URLSearchParams({ order_num: orderNum, success: String(success) }).toString()}`;
}

function stringsOf(record: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (!record || typeof record !== 'object') return out;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
  }
  return out;
}

function rawRequest(endpoint: PaymentEndpoint, request: FastifyRequest): RawPaymentRequest {
  return {
    endpoint: endpoint.name,
    body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    headers: stringsOf(request.headers),
    query: stringsOf(request.query),
  };
}

/**
 * Where a gateway's raw post holds unsafe text (infra/input-hygiene.ts), read the ways a provider reads it: as
 * bytes, as form fields (%00 decodes to U+0000) and as JSON (\u0000, a lone \ud800). Undefined when it is clean.
 */
function unsafeField(raw: RawPaymentRequest): string | undefined {
  const text = raw.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const found = findUnsafeText({ body: text, form: Object.fromEntries(new URLSearchParams(text)), json });
  return found === undefined ? undefined : found.split('.').slice(1).join('.') || 'body';
}

/**
 * The endpoints payment providers call or send the buyer back to (DESIGN.md §4, §7), at
 * /api/v1/payment/{provider}/{endpoint}, as each provider declares them: Fiuu's return, notify and callback, Stripe's
 * webhook and cancel return. None needs a session: a notification proves itself by its signature, and an abandon
 * return is checked against the provider.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<RouteContext<{ payments: PaymentsService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.payments;

  async function handle(
    provider: PaymentProvider,
    endpoint: PaymentEndpoint,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const raw = rawRequest(endpoint, request);
    const unsafe = unsafeField(raw);
    if (unsafe !== undefined) throw unsafeText(unsafe);
    let outcome: EndpointOutcome;
    try {
      outcome =
        endpoint.role === 'abandon'
          ? await service.abandon(provider, raw, request.ip)
          : await service.receive(provider, raw);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Not acknowledged, so the provider sends it again; a buyer still lands on the result page.
      request.log.error({ err }, `${provider.id} ${endpoint.name} could not be handled`);
      const orderNum =
        endpoint.role === 'abandon' ? provider.abandonedOrder(raw) : provider.receive(raw).orderNum;
      outcome = { verified: false, orderNum, paid: false, failed: true };
    }
    const answer = provider.reply(endpoint.name, outcome);
    switch (answer.kind) {
      case 'result-page':
        return reply.redirect(resultPage(outcome.orderNum, outcome.paid), 303);
      case 'text':
        return reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.body);
      case 'json':
        return reply.status(200).send(answer.body);
      case 'error':
        return sendError(reply, answer.code, answer.message, answer.detail);
    }
  }

  // Issue #30: what the storefront offers to choose after the pack, per currency (with each channel's limits).
  app.get(
    '/payment/channels',
    {
      schema: {
        tags,
        summary: 'The payment channels a buyer may choose on our page, per currency',
        description:
          'Each currency whose provider offers a choice on our page (Fiuu: its channel table narrowed by ' +
          'FIUU_CHANNELS; Stripe: its methods the currency takes, narrowed by STRIPE_METHODS), with each channel’s code, kind, name, least and most amount (minor units) and the names ' +
          'the provider reports it by after payment. A currency not listed: the provider’s own page chooses. Public.',
        response: { 200: envelope(ZPaymentChannels) },
      },
    },
    async (_request, reply) => {
      const channels: TPaymentChannels = {};
      for (const currency of CURRENCY_CODES) {
        const offered = deps.payments.forCurrency(currency).channels(currency);
        if (offered.length > 0) channels[currency] = [...offered];
      }
      // The same for every visitor and changed only by a restart with another FIUU_CHANNELS or STRIPE_METHODS.
      reply.header('cache-control', 'public, max-age=300');
      return ok(channels);
    },
  );

  // Providers sign the exact bytes they sent: here every body is read raw, and each provider parses its own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    for (const provider of deps.payments.all()) {
      for (const endpoint of provider.endpoints) {
        scope.route({
          method: endpoint.method,
          url: `/payment/${provider.id}/${endpoint.name}`,
          schema: { tags, summary: endpoint.summary, description: endpoint.description },
          handler: (request, reply) => handle(provider, endpoint, request, reply),
        });
      }
    }
  });
};

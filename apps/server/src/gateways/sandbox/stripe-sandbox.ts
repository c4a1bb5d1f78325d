import { randomBytes, timingSafeEqual } from 'node:crypto';
import { formatMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import type { Db } from '../../infra/db';
import type { AppDeps } from '../../infra/deps';
import { formFields } from '../fiuu/fiuu-protocol';
import { registerRefundControls } from './refund-controls-routes';
import {
  details,
  errorPage,
  html,
  page,
  postForm,
  registerSandboxAssets,
  sendPage,
  signParts,
  verifyParts,
} from './sandbox-page';
import { getRecord, putRecord, putRecordOnce } from './sandbox-page-records';
import {
  setStripeRefundControls,
  stripeRefundControls,
  stripeRefundSandboxRoutes,
  ZStripeRefundControls,
} from './stripe-refund-sandbox';
import { bracketed, stripeError } from './stripe-sandbox-wire';

/**
 * The built-in Stripe (DESIGN.md §7), served when no STRIPE_* keys are set. The real SDK talks to it (its base
 * URL is PUBLIC_URL/sandbox/stripe): Checkout Sessions are created, retrieved and expired with Stripe's form
 * encoding, Bearer key, idempotency keys and JSON shapes. Its hosted page pays or cancels a session; paying emits
 * a Stripe-signed `checkout.session.completed` to our webhook twice (Stripe may deliver an event more than once)
 * and then sends the buyer to success_url.
 *
 *   POST /sandbox/stripe/v1/checkout/sessions            create
 *   GET  /sandbox/stripe/v1/checkout/sessions/{id}       retrieve (an open session past expires_at is expired)
 *   POST /sandbox/stripe/v1/checkout/sessions/{id}/expire
 *   GET  /sandbox/stripe/pay/{id}                        hosted page with Pay / Cancel
 *   POST /sandbox/stripe/pay/{id}                        a button of that page
 *   POST /sandbox/stripe/v1/refunds, GET …/refunds/{id}  refunds (stripe-refund-sandbox.ts)
 */

const ASSETS = '/sandbox/stripe/assets';
export const STRIPE_SESSION = 'stripe_session';
const STRIPE_IDEMPOTENCY = 'stripe_idempotency';
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The Checkout Session as the sandbox stores and serves it (the fields our client and webhook read). */
export interface SandboxSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
  locale: string | null;
  payment_intent: string | null;
}

interface StoredSession {
  session: SandboxSession;
  productName: string;
}

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(16).toString('base64url').replace(/[-_]/g, '')}`;
const nowSec = () => Math.floor(Date.now() / 1000);

/** An open session whose expires_at has passed is expired, as Stripe expires it (stored so it stays that way). */
async function loadSession(db: Db, id: string): Promise<StoredSession | undefined> {
  const stored = await getRecord<StoredSession>(db, STRIPE_SESSION, id);
  if (stored && stored.session.status === 'open' && stored.session.expires_at <= nowSec()) {
    stored.session = { ...stored.session, status: 'expired', url: null };
    await putRecord(db, STRIPE_SESSION, id, stored);
  }
  return stored;
}

async function deliver(url: string, payload: string, secret: string, log: FastifyBaseLogger): Promise<void> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.text().catch(() => '');
    if (!res.ok) log.warn({ url, status: res.status }, 'stripe sandbox: webhook refused');
  } catch (err) {
    log.warn(
      { url, err: err instanceof Error ? err.message : String(err) },
      'stripe sandbox: webhook unreachable',
    );
  }
}

export const stripeSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const { secretKey, webhookSecret } = deps.settings.stripe;
  const publicUrl = deps.config.publicUrl;
  const pageKey = `stripe-sandbox-page:${secretKey}`;

  registerSandboxAssets(app, '/stripe/assets');

  const authorized = (request: FastifyRequest): boolean => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(secretKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // The operator's controls answer to a console session, not to the Stripe API key the SDK sends.
  registerRefundControls(app, deps, {
    path: '/stripe/refund-controls',
    gateway: 'Stripe',
    schema: ZStripeRefundControls,
    read: stripeRefundControls,
    write: setStripeRefundControls,
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (!authorized(request)) {
        return stripeError(reply, 401, 'Invalid API Key provided: sk_test_***');
      }
    });

    api.post('/stripe/v1/checkout/sessions', async (request, reply) => {
      const f = formFields(request.body);
      const idempotencyKey = request.headers['idempotency-key'];
      if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
        const known = await getRecord<{ id: string }>(db, STRIPE_IDEMPOTENCY, idempotencyKey.slice(0, 255));
        const stored = known ? await loadSession(db, known.id) : undefined;
        if (stored) return stored.session;
      }
      const unitAmount = Number(f['line_items[0][price_data][unit_amount]']);
      const quantity = Number(f['line_items[0][quantity]'] ?? '1');
      const currency = (f['line_items[0][price_data][currency]'] ?? '').toLowerCase();
      const expiresAt = Number(f.expires_at ?? nowSec() + 24 * 3600);
      if (f.mode !== 'payment')
        return stripeError(reply, 400, 'Missing required param: mode.', { param: 'mode' });
      if (
        !Number.isSafeInteger(unitAmount) ||
        unitAmount <= 0 ||
        !Number.isSafeInteger(quantity) ||
        quantity <= 0
      ) {
        return stripeError(
          reply,
          400,
          'Invalid line_items: unit_amount and quantity must be positive integers.',
          {
            param: 'line_items',
          },
        );
      }
      if (!/^[a-z]{3}$/.test(currency))
        return stripeError(reply, 400, 'Invalid currency.', { param: 'currency' });
      if (!f.success_url) return stripeError(reply, 400, 'Missing required param: success_url.');
      if (!Number.isSafeInteger(expiresAt) || expiresAt <= nowSec()) {
        return stripeError(reply, 400, 'expires_at must be in the future.', { param: 'expires_at' });
      }
      const id = randomId('cs_test');
      const session: SandboxSession = {
        id,
        object: 'checkout.session',
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency,
        customer_email: f.customer_email ?? null,
        client_reference_id: f.client_reference_id ?? null,
        metadata: bracketed(f, 'metadata'),
        mode: 'payment',
        payment_status: 'unpaid',
        status: 'open',
        success_url: f.success_url,
        cancel_url: f.cancel_url ?? null,
        expires_at: expiresAt,
        created: nowSec(),
        url: `${publicUrl}/sandbox/stripe/pay/${id}`,
        livemode: false,
        locale: f.locale ?? null,
        payment_intent: null,
      };
      const productName = f['line_items[0][price_data][product_data][name]'] ?? 'Item';
      await putRecord(db, STRIPE_SESSION, id, { session, productName } satisfies StoredSession);
      if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
        await putRecordOnce(db, STRIPE_IDEMPOTENCY, idempotencyKey.slice(0, 255), { id });
      }
      return session;
    });

    api.get('/stripe/v1/checkout/sessions/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const stored = await loadSession(db, id);
      if (!stored) {
        return stripeError(reply, 404, `No such checkout.session: '${id.slice(0, 80)}'`, {
          code: 'resource_missing',
        });
      }
      return stored.session;
    });

    api.post('/stripe/v1/checkout/sessions/:id/expire', async (request, reply) => {
      const { id } = request.params as { id: string };
      const stored = await loadSession(db, id);
      if (!stored) {
        return stripeError(reply, 404, `No such checkout.session: '${id.slice(0, 80)}'`, {
          code: 'resource_missing',
        });
      }
      if (stored.session.status !== 'open') {
        return stripeError(
          reply,
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${stored.session.status}".`,
        );
      }
      stored.session = { ...stored.session, status: 'expired', url: null };
      await putRecord(db, STRIPE_SESSION, id, stored);
      return stored.session;
    });

    await api.register(stripeRefundSandboxRoutes, deps);
  });

  const pagePath = (id: string) => `/sandbox/stripe/pay/${encodeURIComponent(id)}`;

  app.get('/stripe/pay/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await loadSession(db, id);
    if (!stored)
      return sendPage(reply, 404, errorPage(ASSETS, 'No such payment session.', '支付会话不存在。'));
    const { session } = stored;
    if (session.status !== 'open') {
      const [en, zh] =
        session.status === 'complete'
          ? ['This payment is already complete.', '该笔支付已完成。']
          : ['This payment session has expired.', '该支付会话已过期。'];
      return sendPage(reply, 409, errorPage(ASSETS, en, zh));
    }
    const button = (action: 'pay' | 'cancel', label: string, className?: string) =>
      postForm(
        pagePath(id),
        { action, sig: signParts(pageKey, [id, action]) },
        { label, ...(className ? { className } : {}) },
      ).markup;
    const body = html(
      [
        '<h1>Stripe Checkout</h1>',
        '<span class="badge">Sandbox — no real money / 沙盒 — 不会扣款</span>',
        details([
          ['Item / 商品', stored.productName],
          ['Amount / 金额', `${session.currency.toUpperCase()} ${formatMinor(session.amount_total)}`],
          ['E-mail / 邮箱', session.customer_email ?? ''],
          ['Order / 订单号', session.metadata.order_num ?? session.client_reference_id ?? ''],
        ]).markup,
        '<div class="actions">',
        button('pay', 'Pay / 支付', 'primary'),
        ...(session.cancel_url ? [button('cancel', 'Cancel / 取消')] : []),
        '</div>',
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets: ASSETS, title: 'Stripe sandbox / Stripe 沙盒', body }));
  });

  app.post('/stripe/pay/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const f = formFields(request.body);
    const action = f.action === 'pay' || f.action === 'cancel' ? f.action : null;
    if (!action || !verifyParts(pageKey, [id, action], f.sig)) {
      return sendPage(
        reply,
        400,
        errorPage(ASSETS, 'This action was not issued by the sandbox page.', '该操作不是由沙盒页面生成的。'),
      );
    }
    const stored = await loadSession(db, id);
    if (!stored)
      return sendPage(reply, 404, errorPage(ASSETS, 'No such payment session.', '支付会话不存在。'));
    const { session } = stored;
    if (action === 'cancel') {
      return reply.redirect(session.cancel_url ?? session.success_url, 303);
    }
    if (session.status !== 'open') {
      return sendPage(
        reply,
        409,
        errorPage(ASSETS, 'This payment session is no longer open.', '该支付会话已关闭。'),
      );
    }
    const paid: SandboxSession = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      url: null,
      payment_intent: randomId('pi'),
    };
    await putRecord(db, STRIPE_SESSION, id, { ...stored, session: paid } satisfies StoredSession);

    const event = {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSec(),
      data: { object: paid },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    };
    const payload = JSON.stringify(event);
    const webhook = `${publicUrl}/api/v1/payment/stripe/webhook`;
    await deliver(webhook, payload, webhookSecret, request.log);
    // Stripe may deliver one event more than once: the sandbox always does.
    await deliver(webhook, payload, webhookSecret, request.log);
    return reply.redirect(paid.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id), 303);
  });
};

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { formFields } from './form-fields';
import type { StripeSandboxOptions } from './sandbox-options';
import { details, errorPage, html, page, postForm, sendPage, signParts, verifyParts } from './sandbox-page';
import type { SandboxStore } from './sandbox-store';
import { cardNumberOf, chargeAttempt, SANDBOX_DEFAULT_CARD } from './stripe-charges';
import { stripeAmountProblem, stripeDisplayAmount } from './stripe-currency';
import { listPage, listParams } from './stripe-list';
import { METHOD_NAMES, sessionMethodTypes } from './stripe-methods';
import { loadSession, type SandboxSession, STRIPE_SESSION, type StoredSession } from './stripe-records';
import {
  bracketed,
  idempotencyKeyOf,
  noSuch,
  nowSeconds,
  stripeError,
  stripeId,
  webhookSignatureHeader,
} from './stripe-wire';

/**
 * Stripe Checkout as the sandbox plays it, from Stripe's API reference "Checkout Sessions" (create, retrieve,
 * expire; the Checkout Session object) and "Events" / "Webhooks" (the event object, at-least-once delivery,
 * signatures: stripe-wire.ts):
 *
 *   POST {prefix}/stripe/v1/checkout/sessions            create (mode=payment, one line item with price_data;
 *                                                        allowed_payment_method_types: stripe-methods.ts)
 *   GET  {prefix}/stripe/v1/checkout/sessions            list, newest first (created[gte|gt|lte|lt], status,
 *                                                        payment_intent, limit, starting_after: stripe-list.ts)
 *   GET  {prefix}/stripe/v1/checkout/sessions/{id}       retrieve (an open session past expires_at is expired)
 *   GET  {prefix}/stripe/v1/checkout/sessions?payment_intent=   list: the session of a PaymentIntent ("List all
 *                                                        Checkout Sessions": a list object, `limit` 1-100)
 *   POST {prefix}/stripe/v1/checkout/sessions/{id}/expire
 *   GET  {prefix}/stripe/pay/{id}                        the hosted page, with Pay / Cancel
 *   POST {prefix}/stripe/pay/{id}                        a button of that page
 *
 * Paying completes the session and delivers a signed `checkout.session.completed` to the shop's webhook twice
 * (Stripe may deliver an event more than once), then sends the buyer to success_url.
 */

const STRIPE_IDEMPOTENCY = 'stripe_idempotency';
const WEBHOOK_TIMEOUT_MS = 10_000;
const DEFAULT_LIFETIME_S = 24 * 3600;

interface CheckoutContext {
  stripe: StripeSandboxOptions;
  store: SandboxStore;
}

/** The API routes; registered inside the Stripe sandbox's scope that checks the secret key. */
export function registerCheckoutApi(
  api: FastifyInstance,
  { store, publicUrl }: CheckoutContext & { publicUrl: string },
): void {
  api.post('/stripe/v1/checkout/sessions', async (request, reply) => {
    const f = formFields(request.body);
    const idempotencyKey = idempotencyKeyOf(request);
    if (idempotencyKey) {
      const known = await store.get<{ id: string }>(STRIPE_IDEMPOTENCY, idempotencyKey);
      const stored = known ? await loadSession(store, known.id) : undefined;
      if (stored) return stored.session;
    }
    const unitAmount = Number(f['line_items[0][price_data][unit_amount]']);
    const quantity = Number(f['line_items[0][quantity]'] ?? '1');
    const currency = (f['line_items[0][price_data][currency]'] ?? '').toLowerCase();
    const expiresAt = Number(f.expires_at ?? nowSeconds() + DEFAULT_LIFETIME_S);
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
    const amountProblem = stripeAmountProblem(unitAmount, currency);
    if (amountProblem) {
      return stripeError(reply, 400, amountProblem, {
        param: 'line_items[0][price_data][unit_amount]',
        code: 'invalid_charge_amount',
      });
    }
    if (!f.success_url) return stripeError(reply, 400, 'Missing required param: success_url.');
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds()) {
      return stripeError(reply, 400, 'expires_at must be in the future.', { param: 'expires_at' });
    }
    const threeDSecure = f['payment_method_options[card][request_three_d_secure]'];
    if (threeDSecure !== undefined && !['any', 'automatic', 'challenge'].includes(threeDSecure)) {
      return stripeError(reply, 400, 'Invalid payment_method_options[card][request_three_d_secure].', {
        param: 'payment_method_options[card][request_three_d_secure]',
      });
    }
    const methods = sessionMethodTypes(f, currency);
    if ('error' in methods) return stripeError(reply, 400, methods.error, { param: methods.param });
    const id = stripeId('cs_test');
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
      created: nowSeconds(),
      url: `${publicUrl}/stripe/pay/${id}`,
      livemode: false,
      locale: f.locale ?? null,
      payment_intent: null,
      payment_method_options: {
        ...(threeDSecure ? { card: { request_three_d_secure: threeDSecure } } : {}),
        ...(methods.wechatClient ? { wechat_pay: { client: methods.wechatClient } } : {}),
      },
      payment_method_types: methods.types,
    };
    const version = request.headers['stripe-version'];
    const stored: StoredSession = {
      session,
      productName: f['line_items[0][price_data][product_data][name]'] ?? 'Item',
      apiVersion: typeof version === 'string' ? version.slice(0, 40) : null,
    };
    await store.put(STRIPE_SESSION, id, stored);
    if (idempotencyKey) await store.putOnce(STRIPE_IDEMPOTENCY, idempotencyKey, { id });
    return session;
  });

  api.get('/stripe/v1/checkout/sessions', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const params = listParams(reply, query);
    if (!('limit' in params)) return params;
    const now = nowSeconds();
    const sessions = (
      await store.findBy<StoredSession>(STRIPE_SESSION, ['session', 'object'], 'checkout.session')
    )
      .map(({ session }) =>
        session.status === 'open' && session.expires_at <= now
          ? { ...session, status: 'expired' as const, url: null }
          : session,
      )
      .filter(
        (session) =>
          (query.status === undefined || session.status === query.status) &&
          (query.payment_intent === undefined || session.payment_intent === query.payment_intent),
      );
    return listPage(sessions, params, '/v1/checkout/sessions');
  });

  api.get('/stripe/v1/checkout/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await loadSession(store, id);
    return stored ? stored.session : noSuch(reply, 'checkout.session', id, 'session');
  });

  api.post('/stripe/v1/checkout/sessions/:id/expire', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await loadSession(store, id);
    if (!stored) return noSuch(reply, 'checkout.session', id, 'session');
    if (stored.session.status !== 'open') {
      return stripeError(
        reply,
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${stored.session.status}".`,
      );
    }
    stored.session = { ...stored.session, status: 'expired', url: null };
    await store.put(STRIPE_SESSION, id, stored);
    return stored.session;
  });
}

async function deliver(url: string, payload: string, secret: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': webhookSignatureHeader(payload, secret),
      },
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

/**
 * Sends `object` to the shop's webhook as a signed event of `type`, twice (Stripe may deliver one event more than
 * once: the sandbox always does).
 */
export async function deliverStripeEvent(
  stripe: StripeSandboxOptions,
  log: FastifyBaseLogger,
  type: string,
  object: unknown,
  apiVersion: string | null = null,
): Promise<void> {
  const payload = JSON.stringify({
    id: stripeId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  await deliver(stripe.webhookUrl, payload, stripe.webhookSecret, log);
  await deliver(stripe.webhookUrl, payload, stripe.webhookSecret, log);
}

/** The hosted Checkout page: public, like checkout.stripe.com. */
export function registerCheckoutPage(app: FastifyInstance, { stripe, store }: CheckoutContext): void {
  const assets = `${app.prefix}/stripe/assets`;
  const pageKey = `stripe-sandbox-page:${stripe.secretKey}`;
  const pagePath = (id: string) => `${app.prefix}/stripe/pay/${encodeURIComponent(id)}`;
  const notFound = () => errorPage(assets, 'No such payment session.', '支付会话不存在。');

  app.get('/stripe/pay/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const stored = await loadSession(store, id);
    if (!stored) return sendPage(reply, 404, notFound());
    const { session } = stored;
    if (session.status !== 'open') {
      const [en, zh] =
        session.status === 'complete'
          ? ['This payment is already complete.', '该笔支付已完成。']
          : ['This payment session has expired.', '该支付会话已过期。'];
      return sendPage(reply, 409, errorPage(assets, en, zh));
    }
    const button = (action: 'pay' | 'cancel', label: string, className?: string) =>
      postForm(
        pagePath(id),
        { action, sig: signParts(pageKey, [id, action]) },
        { label, ...(className ? { className } : {}) },
      ).markup;
    // Stripe's test card numbers choose what happens (stripe-charges.ts); 4242… pays.
    const payForm = button('pay', 'Pay / 支付', 'primary').replace(
      '<button',
      `<label>Card number / 卡号 <input type="text" name="card" inputmode="numeric" autocomplete="off" value="${SANDBOX_DEFAULT_CARD}"></label><button`,
    );
    const body = html(
      [
        '<h1>Stripe Checkout</h1>',
        '<span class="badge">Sandbox — no real money / 沙盒 — 不会扣款</span>',
        details([
          ['Item / 商品', stored.productName],
          [
            'Amount / 金额',
            `${session.currency.toUpperCase()} ${stripeDisplayAmount(session.amount_total, session.currency)}`,
          ],
          ['E-mail / 邮箱', session.customer_email ?? ''],
          [
            'Pay with / 支付方式',
            (session.payment_method_types ?? ['card']).map((m) => METHOD_NAMES[m] ?? m).join(', '),
          ],
          ['Order / 订单号', session.metadata.order_num ?? session.client_reference_id ?? ''],
        ]).markup,
        '<div class="actions">',
        payForm,
        ...(session.cancel_url ? [button('cancel', 'Cancel / 取消')] : []),
        '</div>',
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets, title: 'Stripe sandbox / Stripe 沙盒', body }));
  });

  app.post('/stripe/pay/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const f = formFields(request.body);
    const action = f.action === 'pay' || f.action === 'cancel' ? f.action : null;
    if (!action || !verifyParts(pageKey, [id, action], f.sig)) {
      return sendPage(
        reply,
        400,
        errorPage(assets, 'This action was not issued by the sandbox page.', '该操作不是由沙盒页面生成的。'),
      );
    }
    const stored = await loadSession(store, id);
    if (!stored) return sendPage(reply, 404, notFound());
    const { session } = stored;
    if (action === 'cancel') return reply.redirect(session.cancel_url ?? session.success_url, 303);
    if (session.status !== 'open') {
      return sendPage(
        reply,
        409,
        errorPage(assets, 'This payment session is no longer open.', '该支付会话已关闭。'),
      );
    }
    const card = cardNumberOf(f.card);
    if (!card) {
      return sendPage(reply, 400, errorPage(assets, 'Enter a card number.', '请输入卡号。'));
    }
    const { intent, charge } = chargeAttempt(stripe.secretKey, card, {
      amount: session.amount_total,
      currency: session.currency,
      metadata: session.metadata,
      intent: stored.intent ?? null,
    });
    const charges = [...(stored.charges ?? []), charge];
    if (intent.status !== 'succeeded') {
      // Declined or blocked by Radar: the session stays open for another card, and Stripe reports the PaymentIntent's
      // failure (payment_intent.payment_failed, with last_payment_error and its payment_method).
      const open: SandboxSession = { ...session, payment_intent: intent.id };
      await store.put(STRIPE_SESSION, id, {
        ...stored,
        session: open,
        intent,
        charges,
      } satisfies StoredSession);
      await deliverStripeEvent(
        stripe,
        request.log,
        'payment_intent.payment_failed',
        intent,
        stored.apiVersion,
      );
      return sendPage(
        reply,
        402,
        errorPage(
          assets,
          'Your card was declined. Go back to try another card.',
          '您的卡被拒绝。请返回换一张卡。',
        ),
      );
    }
    const paid: SandboxSession = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      url: null,
      payment_intent: intent.id,
    };
    await store.put(STRIPE_SESSION, id, {
      ...stored,
      session: paid,
      intent,
      charges,
    } satisfies StoredSession);

    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: stored.apiVersion ?? null,
      created: nowSeconds(),
      data: { object: paid },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    };
    const payload = JSON.stringify(event);
    await deliver(stripe.webhookUrl, payload, stripe.webhookSecret, request.log);
    // Stripe may deliver one event more than once: the sandbox always does.
    await deliver(stripe.webhookUrl, payload, stripe.webhookSecret, request.log);
    return reply.redirect(paid.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id), 303);
  });
}

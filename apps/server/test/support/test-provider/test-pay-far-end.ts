import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../src/gateways/provider-descriptor';
import {
  TEST_PAY_SIGNATURE_HEADER,
  type TestPayResult,
  testPayHandoffData,
  testPaySign,
  testPayVerify,
} from './test-pay-protocol';
import type { TestPaySettings } from './test-pay-provider';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * TestPay's far end, served at /sandbox/testpay by its descriptor's sandbox hook: a hosted page that checks the
 * hand-off's signature and offers one button, a signed notification to the shop when the buyer pays, and the
 * status API. State lives in this app's memory (a test's app lives as long as its test file).
 */
export async function registerTestPayFarEnd(
  app: FastifyInstance,
  settings: TestPaySettings,
  context: SandboxContext,
): Promise<void> {
  const orders = new Map<string, TestPayResult>();
  let refs = 0;

  app.get<{ Querystring: Record<string, string | undefined> }>('/testpay/pay', async (request, reply) => {
    const { order = '', amount = '', currency = '', sig } = request.query;
    const minor = Number(amount);
    if (!testPayVerify(settings.key, testPayHandoffData(order, minor, currency), sig)) {
      return reply.code(400).type('text/plain').send('bad hand-off signature');
    }
    if (!orders.has(order)) orders.set(order, { order, status: 'pending', amount: minor, currency });
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>TestPay</title><p>Pay ${escapeHtml(currency)} ${minor} for ${escapeHtml(order)}</p>` +
          `<form method="post" action="${context.sandboxBase}/testpay/pay/confirm">` +
          `<input type="hidden" name="order" value="${escapeHtml(order)}"><button>Pay</button></form>`,
      );
  });

  app.post<{ Body: Record<string, string | undefined> }>('/testpay/pay/confirm', async (request, reply) => {
    const pending = orders.get(request.body.order ?? '');
    if (!pending) return reply.code(404).type('text/plain').send('unknown order');
    const paid: TestPayResult = { ...pending, status: 'paid', ref: `TP${++refs}` };
    orders.set(paid.order, paid);
    const body = JSON.stringify(paid);
    const res = await fetch(`${context.payments}/testpay/notify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TEST_PAY_SIGNATURE_HEADER]: testPaySign(settings.key, body),
      },
      body,
    });
    if (!res.ok) return reply.code(502).type('text/plain').send(`the shop answered ${res.status}`);
    return reply.redirect(`${context.publicUrl}/home-order?order_num=${encodeURIComponent(paid.order)}`, 303);
  });

  app.get<{ Params: { order: string } }>('/testpay/status/:order', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${settings.key}`) return reply.code(401).send();
    const known = orders.get(request.params.order);
    return known ? known : reply.code(404).send();
  });
}

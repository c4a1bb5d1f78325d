import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import { orderOutcome, orderOutcomeText } from '@ezrecharge/shared/order-outcome';
import { ORDER_STATUSES, type TOrderStatus } from '@ezrecharge/shared/order-status';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, heldReply, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';
import { ORDER_POLL_MS } from '../api/get-order';

beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
});

afterEach(() => {
  setNavigator(null);
  queryClient.clear();
  vi.unstubAllGlobals();
});

function orderRecord(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: 31,
    order_num: 'EZ20250601A1B2C3',
    game_type: 1,
    game_id: 'Star88',
    order_status: 9,
    pay_payment_num: 'b***r@example.com',
    amount: 500,
    amount_game: 200,
    quantity: 2,
    pay_currency: 'SGD',
    price_id: 11,
    price: 250,
    game_amount: 100,
    product_name: 'BIGO Diamonds',
    page_info: 'recharge',
    created_at: '2025-06-01T04:00:00.000Z',
    created_by: null,
    pay_checkout_session_url: null,
    paid_at: null,
    delivered_at: null,
    failure_reason: null,
    failure_note: null,
    payment_channel: null,
    refund_bank_details: 'none',
    bonus_game: 0,
    bonuses: [],
    delivery_uncertain: false,
    refund_overdue_at: null,
    extra_payments: [],
    dispute_status: null,
    ...overrides,
  };
}

/** The order's description list as label → text. */
function details(): Record<string, string> {
  const list = document.querySelector('dl.order-details');
  if (!list) throw new Error('no order details');
  return Object.fromEntries(
    [...list.querySelectorAll('div')].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

/** The tone the page's headline shows (its icon and colour). */
const tone = () => document.querySelector('.order-result__head')?.getAttribute('data-tone');

describe('order result page /home-order', () => {
  it('for delivered diamonds shows the success title, the order as the server has it and what it means', async () => {
    const api = stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord()) });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Diamonds delivered' })).toBeInTheDocument();
    expect(tone()).toBe('success');
    expect(api.calls[0]?.url.search).toBe('?order_num=EZ20250601A1B2C3');
    expect(details()).toEqual({
      'Order number': 'EZ20250601A1B2C3',
      Status: 'Charged successfully',
      'E-mail': 'b***r@example.com',
      'BIGO ID': 'Star88',
      Product: 'BIGO LIVE',
      Diamonds: '200',
      'Unit price': 'SGD 2.50',
      Quantity: '2',
      Total: 'SGD 5.00',
    });
    expect(screen.getByText(/The diamonds have been credited to your BIGO LIVE account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recharge again' })).toHaveAttribute('href', '/recharge');
    // Nothing to do, so no support block.
    expect(screen.queryByRole('region', { name: 'Contact support' })).toBeNull();
  });

  it.each([
    ['en', 'Diamonds', 'Bonuses', '4,100 + 100 bonus diamonds', 'Hari Raya code: 100 diamonds', 'withdrawn'],
    ['zh', '钻石', '赠送', '4,100 + 100 赠送钻石', 'Hari Raya code：100 颗钻石', '已撤回'],
  ] as const)(
    'shows the bonus beside the diamonds and each bonus by name, a withdrawn one marked (%s)',
    async (lang, diamonds, bonuses, total, line, withdrawn) => {
      await setLanguage(lang);
      stubApi({
        'GET /api/v1/order/stripe': () =>
          ok(
            orderRecord({
              amount: 10_000,
              amount_game: 4_100,
              quantity: 1,
              price: 10_000,
              game_amount: 4_100,
              bonus_game: 100,
              bonuses: [
                { kind: 'code', name: 'Hari Raya code', code: 'RAYA100', diamonds: 100, state: 'delivered' },
                { kind: 'welcome', name: 'Welcome bonus', code: null, diamonds: 50, state: 'withdrawn' },
              ],
            }),
          ),
      });
      renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');
      await waitFor(() => expect(details()[diamonds]).toBe(total));
      const list = document.querySelector('.order-bonuses');
      expect(list?.querySelectorAll('li')).toHaveLength(2);
      expect(list?.querySelectorAll('li')[0]?.textContent).toBe(line);
      const taken = list?.querySelector('.order-bonuses__withdrawn');
      expect(taken?.querySelector('del')).not.toBeNull();
      expect(taken?.textContent).toContain(`(${withdrawn})`);
      expect(details()[bonuses]).toContain(line);
    },
  );

  it('holds the order’s place at least a screen tall while it loads, saying so', async () => {
    const order = heldReply();
    stubApi({ 'GET /api/v1/order/stripe': order.handler });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');

    const loading = await screen.findByText('Loading your order…');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    const frame = document.querySelector('.order-result');
    expect(frame).toHaveClass('order-result--order');
    // As many rows as an order without bonuses shows (unit price, quantity and total since issue #32).
    expect(document.querySelectorAll('.order-details--placeholder .order-details__row')).toHaveLength(9);

    order.release(ok(orderRecord()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diamonds delivered' })).toBeInTheDocument();
    expect(document.querySelector('.order-result')).toHaveClass('order-result--order');
    expect(document.querySelector('.order-details--placeholder')).toBeNull();
  });

  it('after a cancel shows the cancel title and the status the server returns', async () => {
    stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 4 })) });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=false');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeInTheDocument();
    expect(tone()).toBe('closed');
    expect(details().Status).toBe('Payment cancelled');
    expect(screen.getByText(/nothing was charged and no diamonds will be delivered/)).toBeInTheDocument();
    expect(screen.queryByText(/The status updates by itself/)).toBeNull();
  });

  it('keeps asking while the diamonds are on their way, until the order is charged', async () => {
    const statuses: TOrderStatus[] = [7, 9];
    const api = stubApi({
      'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: statuses.shift() ?? 9 })),
    });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');

    await screen.findByRole('heading', { level: 1, name: 'Paid: your diamonds are on their way' });
    expect(tone()).toBe('progress');
    expect(details().Status).toBe('Payment completed');
    expect(screen.getByText('The status updates by itself, there is no need to reload.')).toBeInTheDocument();

    await waitFor(() => expect(details().Status).toBe('Charged successfully'), {
      timeout: ORDER_POLL_MS * 4,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Diamonds delivered' })).toBeInTheDocument();
    expect(screen.queryByText(/The status updates by itself/)).toBeNull();
    const asked = api.callsTo('GET /api/v1/order/stripe').length;
    expect(asked).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, ORDER_POLL_MS + 500));
    expect(api.callsTo('GET /api/v1/order/stripe')).toHaveLength(asked);
  });

  it('says plainly when there is no such order, without a toast', async () => {
    stubApi({ 'GET /api/v1/order/stripe': () => fail(404, MSG.order_not_found) });
    renderApp('/home-order?order_num=NOPE123&success=true');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this order. Please check the order number and e-mail.',
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(document.querySelector('.app-toast')).toBeNull();
  });

  it('shows the status labels in Chinese', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 8 })) });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');
    expect(
      await screen.findByRole('heading', { level: 1, name: '付款成功，钻石正在充值' }),
    ).toBeInTheDocument();
    // Issue #32: "单价" labelled the total; two packs of SGD 2.50 show both figures, each for what it is.
    expect(details()).toMatchObject({
      状态: '充值中',
      产品: 'BIGO LIVE',
      单价: 'SGD 2.50',
      数量: '2',
      合计: 'SGD 5.00',
    });
    expect(screen.getByText(/钻石通常会在两分钟内到达您的 BIGO LIVE 账户/)).toBeInTheDocument();
  });

  it('after a "successful" payment whose delivery failed, says so and how to reach support, without a tick', async () => {
    stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 10 })) });
    renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delivery failed: we are on it' }),
    ).toBeInTheDocument();
    expect(tone()).toBe('attention');
    expect(document.querySelector('[data-icon="check-circle"]')).toBeNull();
    expect(
      screen.getByText(/Within 1 business day our team delivers them or refunds the full amount/),
    ).toBeInTheDocument();
    const support = within(screen.getByRole('region', { name: 'Contact support' }));
    expect(support.getByRole('link', { name: /\+65 8888 6666/ })).toHaveAttribute(
      'href',
      'https://wa.me/6588886666',
    );
    expect(support.getByRole('link', { name: 'support@ezrecharge.com' })).toHaveAttribute(
      'href',
      'mailto:support@ezrecharge.com',
    );
    expect(support.getByText('Monday to Sunday, 10:00 – 01:00 (next day)')).toBeInTheDocument();
    expect(support.getByText(/Please give your order number/)).toHaveTextContent(
      'Please give your order number: EZ20250601A1B2C3',
    );
  });

  it('titles every status by what it means, with the success tick for delivered diamonds only', async () => {
    for (const status of ORDER_STATUSES) {
      stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: status })) });
      const { unmount } = renderApp('/home-order?order_num=EZ20250601A1B2C3&success=true');
      const { headline, next } = orderOutcomeText(status, 'en');
      expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
      expect(screen.getByText(next)).toBeInTheDocument();
      expect(tone()).toBe(orderOutcome(status).tone);
      expect(document.querySelector('[data-icon="check-circle"]') !== null, `status ${status}`).toBe(
        status === 9,
      );
      expect(screen.queryByRole('region', { name: 'Contact support' }) !== null).toBe(
        orderOutcome(status).todo === 'contact_support',
      );
      unmount();
      queryClient.clear();
    }
  });

  describe('a paid order still not delivered after the promised two minutes (issue #32)', () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

    it.each([
      [
        'en',
        'Paid: your delivery is taking longer than usual',
        /We keep trying automatically and e-mail you a receipt as soon as they arrive\. If they cannot be delivered, within 1 business day our team delivers them or refunds the full amount/,
        'Charging in progress',
      ],
      [
        'zh',
        '付款成功，充值用时比平时长',
        /我们会自动继续充值.*1 个工作日内为您完成充值或全额退款/,
        '充值中',
      ],
    ] as const)(
      'says it is taking longer and what happens next (%s)',
      async (lang, headline, next, status) => {
        await setLanguage(lang);
        stubApi({
          'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 8, paid_at: minutesAgo(3) })),
        });
        renderApp('/home-order?order_num=EZ20250601A1B2C3');
        expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
        expect(tone()).toBe('progress');
        expect(screen.getByText(next)).toBeInTheDocument();
        expect(document.body).not.toHaveTextContent(/within two minutes|两分钟内到达/);
        expect(Object.values(details())).toContain(status);
        // Still under way, not a failure: no support block.
        expect(screen.queryByRole('region', { name: /Contact support|联系客服/ })).toBeNull();
      },
    );

    it('promises two minutes until they pass, then says so without the order changing', async () => {
      const promised = orderOutcomeText(8, 'en');
      // The same answer every time (paid 1.2 s short of the promise): only the clock turns the page, at the next
      // answer of the polling.
      const paidAt = new Date(Date.now() - 2 * 60_000 + 1_200).toISOString();
      const api = stubApi({
        'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 8, paid_at: paidAt })),
      });
      renderApp('/home-order?order_num=EZ20250601A1B2C3');
      expect(await screen.findByRole('heading', { level: 1, name: promised.headline })).toBeInTheDocument();
      expect(screen.getByText(promised.next)).toBeInTheDocument();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Paid: your delivery is taking longer than usual' },
          { timeout: 3 * ORDER_POLL_MS },
        ),
      ).toBeInTheDocument();
      expect(api.calls.length).toBeGreaterThan(1);
      expect(screen.queryByText(promised.next)).toBeNull();
    });

    it('keeps the two-minute promise for a delivery paid a moment ago', async () => {
      stubApi({
        'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 7, paid_at: minutesAgo(0.5) })),
      });
      renderApp('/home-order?order_num=EZ20250601A1B2C3');
      const { headline, next } = orderOutcomeText(7, 'en');
      expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
      expect(screen.getByText(next)).toBeInTheDocument();
    });
  });

  it.each([
    ['en', 'Paid: we are checking your order', /this usually takes up to 6 hours/],
    ['zh', '付款成功，我们正在核查您的订单', /通常不超过 6 小时/],
  ] as const)(
    'says a paid order held for review is being checked and for how long (issue #29, %s)',
    async (lang, headline, next) => {
      await setLanguage(lang);
      // Held for hours: it says it is being checked, not that the delivery is late.
      const paidAt = new Date(Date.now() - 60 * 60_000).toISOString();
      stubApi({
        'GET /api/v1/order/stripe': () =>
          ok(orderRecord({ order_status: 7, paid_at: paidAt, review_hours: 6 })),
      });
      renderApp('/home-order?order_num=EZ20250601A1B2C3');
      expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
      expect(screen.getByText(next)).toBeInTheDocument();
      expect(tone()).toBe('progress');
      expect(document.body).not.toHaveTextContent(/taking longer than usual|用时比平时长/);
    },
  );

  it('tells a Chinese buyer that the refund failed and that we are on it', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/order/stripe': () => ok(orderRecord({ order_status: 13 })) });
    renderApp('/home-order?order_num=EZ20250601A1B2C3');
    expect(
      await screen.findByRole('heading', { level: 1, name: '退款延迟，我们正在处理' }),
    ).toBeInTheDocument();
    const support = within(screen.getByRole('region', { name: '联系客服' }));
    expect(support.getByText('周一至周日 10:00–次日 01:00')).toBeInTheDocument();
    expect(support.getByText(/联系时请提供订单号/)).toHaveTextContent('联系时请提供订单号：EZ20250601A1B2C3');
  });
});

describe('order lookup /home-order without an order number', () => {
  it('finds an order by e-mail and order number and shows it', async () => {
    const api = stubApi({
      'POST /api/v1/order/lookup': (call: TRecordedCall) =>
        (call.body as { order_num: string }).order_num === 'EZ20250601A1B2C3'
          ? ok(orderRecord({ order_status: 3, pay_payment_num: 'buyer@example.com' }))
          : fail(404, MSG.order_not_found),
    });
    renderApp('/home-order');

    expect(await screen.findByRole('heading', { level: 1, name: 'Find your order' })).toBeInTheDocument();
    const lookup = within(screen.getByRole('form', { name: 'Order lookup' }));
    await userEvent.click(lookup.getByRole('button', { name: /Find order/ }));
    expect(await lookup.findByText(MESSAGES.payment_email_tips)).toBeInTheDocument();
    expect(lookup.getByText('Please enter the order number')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await fill(lookup.getByLabelText('E-mail'), 'buyer@example.com');
    await fill(lookup.getByLabelText('Order number'), 'EZ0000000000');
    await userEvent.click(lookup.getByRole('button', { name: /Find order/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');

    await userEvent.clear(lookup.getByLabelText('Order number'));
    await fill(lookup.getByLabelText('Order number'), ' EZ20250601A1B2C3 ');
    await userEvent.click(lookup.getByRole('button', { name: /Find order/ }));
    await waitFor(() => expect(details().Status).toBe('Pending payment'));
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(details()['E-mail']).toBe('buyer@example.com');
    expect(api.callsTo('POST /api/v1/order/lookup').at(-1)?.body).toEqual({
      email: 'buyer@example.com',
      order_num: 'EZ20250601A1B2C3',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

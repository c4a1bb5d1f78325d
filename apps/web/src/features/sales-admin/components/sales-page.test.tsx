import type { TSales } from '@ezrecharge/shared/schemas/sales';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setUpConsoleTests } from '../../../test/console';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({
  load: () =>
    Promise.all([import('..'), import('./sales-chart'), import('../../../components/layouts/admin-layout')]),
  clearCache: true,
});

function sales(overrides: Partial<TSales> = {}): TSales {
  return {
    from: '2026-03-01',
    to: '2026-03-02',
    time_zone: 'Asia/Singapore',
    currencies: [
      {
        currency: 'SGD',
        paid_orders: 1234,
        paid_amount: 1_234_550,
        extra_payments: 1,
        extra_amount: 500,
        refunded_orders: 2,
        refunded_amount: 10_000,
        extra_refunded: 1,
        net_amount: 1_225_050,
        delivered_orders: 1200,
        diamonds_delivered: 456_000,
        bonus_diamonds: 7_500,
      },
      {
        currency: 'MYR',
        paid_orders: 3,
        paid_amount: 3000,
        extra_payments: 0,
        extra_amount: 0,
        refunded_orders: 0,
        refunded_amount: 0,
        extra_refunded: 0,
        net_amount: 3000,
        delivered_orders: 3,
        diamonds_delivered: 900,
        bonus_diamonds: 0,
      },
    ],
    funnel: {
      committed: 1500,
      precheck_failed: 20,
      awaiting_payment: 10,
      paid: 1237,
      awaiting_delivery: 4,
      delivered: 1203,
      payment_failed_share: 253 / 1500,
      delivery_failed_share: 30 / 1237,
    },
    delivery_times: { orders: 1203, median_seconds: 42, p95_seconds: 150 },
    days: [
      { date: '2026-03-01', currency: 'SGD', paid_orders: 600, paid_amount: 600_000, refunded_amount: 0 },
      {
        date: '2026-03-02',
        currency: 'SGD',
        paid_orders: 634,
        paid_amount: 635_050,
        refunded_amount: 10_000,
      },
      { date: '2026-03-01', currency: 'MYR', paid_orders: 3, paid_amount: 3000, refunded_amount: 0 },
      { date: '2026-03-02', currency: 'MYR', paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
    ],
    by_pack: [
      {
        product_name: 'BIGO Diamonds',
        game_amount: 300,
        currency: 'SGD',
        orders: 1234,
        quantity: 1300,
        amount: 1_234_550,
      },
    ],
    by_channel: [{ gateway: 'stripe', channel: null, currency: 'SGD', orders: 1234, amount: 1_234_550 }],
    by_language: [{ lang: 'zh', currency: 'MYR', orders: 3, amount: 3000 }],
    promotions: [{ promotion_id: 4, name: 'Welcome bonus', kind: 'welcome', orders: 150, diamonds: 7_500 }],
    spins: { prizes_delivered: 12, diamonds: 840 },
    risk: {
      held: 4,
      approved: 2,
      refused: 1,
      undecided: 1,
      review_median_seconds: 5400,
      review_p95_seconds: 20_000,
      refused_blocked: 3,
      refused_card_testing: 17,
    },
    refund_reasons: [{ reason: 'BIGO refused the ID', currency: 'SGD', orders: 2, amount: 10_000 }],
    refunds: [
      {
        order_num: 'EZ20260302REFUND01',
        currency: 'SGD',
        amount: 5000,
        refunded_at: '2026-03-02T04:00:00.000Z',
        reason: 'BIGO refused the ID',
      },
    ],
    ...overrides,
  };
}

/** The answer for the range asked (the default range when none). */
function salesApi() {
  return stubApi({
    'GET /api/v1/sales': (call: TRecordedCall) => {
      const from = call.url.searchParams.get('from');
      const to = call.url.searchParams.get('to');
      return ok(from && to ? sales({ from, to }) : sales());
    },
  });
}

const region = (name: string) => within(screen.getByRole('region', { name }));
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('sales page', () => {
  it('shows money per currency, the funnel, delivery times, breakdowns, costs and refunds', async () => {
    const api = salesApi();
    renderApp('/sales');
    expect(await screen.findByRole('heading', { name: 'Sales', level: 1 })).toBeInTheDocument();
    await screen.findByText('SGD 12,250.50');
    expect(api.callsTo('GET /api/v1/sales')[0]?.url.search).toBe('');

    const money = region('Money by currency');
    const sgd = within(money.getByText('SGD', { selector: 'td' }).closest('tr') as HTMLElement);
    expect(sgd.getByText('1,234')).toBeInTheDocument();
    expect(sgd.getByText('SGD 100.00')).toBeInTheDocument();
    expect(sgd.getByText('SGD 12,250.50')).toBeInTheDocument();
    expect(sgd.getByText('456,000')).toBeInTheDocument();
    expect(sgd.getByText('7,500')).toBeInTheDocument();
    expect(sgd.getByText('1 × (SGD 5.00)')).toBeInTheDocument();

    expect(figure('Orders committed')).toHaveTextContent('1,500');
    expect(figure('Failed before payment')).toHaveTextContent('16.9%');
    expect(figure('Paid but not delivered')).toHaveTextContent('2.4%');
    expect(figure('Paid → delivered, median')).toHaveTextContent('42 s');
    expect(figure('Paid → delivered, 95th percentile')).toHaveTextContent('2.5 min');

    expect(region('By payment channel').getByText('Not reported')).toBeInTheDocument();
    expect(region('By language').getByText('Chinese')).toBeInTheDocument();
    const rewards = region('What promotions and spins cost');
    expect(rewards.getByText('Welcome bonus')).toBeInTheDocument();
    expect(figure('Spin prize diamonds')).toHaveTextContent('840');
    expect(region('Risk controls').getByText('Orders held for review')).toBeInTheDocument();
    expect(figure('Orders held for review')).toHaveTextContent('4');
    expect(figure('Still waiting for a decision')).toHaveTextContent('1');
    expect(figure('Time to decide, median')).toHaveTextContent('1.5 h');
    expect(figure('Refused at order: too many failed payments')).toHaveTextContent('17');
    const refunds = region('Refunds');
    expect(refunds.getByRole('link', { name: 'EZ20260302REFUND01' })).toHaveAttribute(
      'href',
      '/order?order_num=EZ20260302REFUND01',
    );
    expect(refunds.getAllByText('BIGO refused the ID')).toHaveLength(2);

    const nav = within(screen.getByRole('navigation', { name: 'Console navigation' }));
    expect(nav.getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/sales');
  });

  it('gives the daily chart a table of the same figures, one currency at a time', async () => {
    salesApi();
    renderApp('/sales');
    const daily = await screen.findByRole('region', { name: 'Day by day' });
    expect(within(daily).getByText('Paid and refunded each day, SGD')).toBeInTheDocument();
    const table = within(daily).getByText('The same figures as a table').closest('details') as HTMLElement;
    expect(within(table).getByText('SGD 6,350.50')).toBeInTheDocument();
    expect(within(table).getByText('SGD 100.00')).toBeInTheDocument();
    fireEvent.change(within(daily).getByLabelText('Currency shown'), { target: { value: 'MYR' } });
    expect(await within(daily).findByText('Paid and refunded each day, MYR')).toBeInTheDocument();
    expect(within(table).getByText('MYR 30.00')).toBeInTheDocument();
    expect(within(table).queryByText('SGD 6,350.50')).toBeNull();
  });

  it('asks for the range the operator enters and keeps it in the address', async () => {
    const api = salesApi();
    const { router } = renderApp('/sales');
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveValue('2026-03-01'));
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/sales')).toHaveLength(2));
    expect(api.callsTo('GET /api/v1/sales')[1]?.url.search).toBe('?from=2026-02-01&to=2026-02-28');
    expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-02-28');
    expect(
      await screen.findByText('Showing 1 Feb 2026 to 28 Feb 2026, both days included.'),
    ).toBeInTheDocument();
  });

  it('refuses a reversed or too long range before asking', async () => {
    const api = salesApi();
    renderApp('/sales');
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveValue('2026-03-01'));
    fireEvent.change(from, { target: { value: '2026-03-05' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The last day must not be before the first.');
    fireEvent.change(from, { target: { value: '2025-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 366 days.');
    expect(api.callsTo('GET /api/v1/sales')).toHaveLength(1);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    stubApi({ 'GET /api/v1/sales': () => fail(400, 'The range is at most 366 days') });
    renderApp('/sales?from=2020-01-01&to=2026-01-01');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh');
    salesApi();
    renderApp('/sales');
    expect(await screen.findByRole('heading', { name: '销售', level: 1 })).toBeInTheDocument();
    await screen.findByText('SGD 12,250.50');
    expect(screen.getByRole('region', { name: '按币种的收款' })).toBeInTheDocument();
    expect(figure('下单数')).toHaveTextContent('1,500');
    expect(figure('付款 → 到账，中位数')).toHaveTextContent('42 秒');
    expect(screen.getByLabelText('开始日期')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '最近 30 天' })).toBeInTheDocument();
    expect(region('按语言').getByText('中文')).toBeInTheDocument();
    expect(figure('下单时拒绝：黑名单')).toHaveTextContent('3');
    expect(figure('决定用时，中位数')).toHaveTextContent('1.5 小时');
    expect(screen.getByText('显示 2026年3月1日 至 2026年3月2日（含首尾两天）。')).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { dialogTitled, rowOf, setUpConsoleTests } from '../../../test/console';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi } from '../../../test/stub-api';
import { shopToday, shopYesterday } from './reconciliation-page';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
  clearCache: true,
});

const LOST = {
  id: 7,
  kind: 'paid_at_gateway_not_here',
  gateway: 'fiuu',
  order_num: 'EZ2026120500001',
  gateway_ref: '4411223344',
  evidence: {
    gateway_record: { state: 'paid', amount: '27.60', StatName: 'captured' },
    order: { status: 3, amount: 2760, currency: 'SGD', paid_at: null },
  },
  action: 'apply',
  applied_at: null,
  applied_result: null,
};
const REFUNDED = {
  ...LOST,
  id: 8,
  kind: 'refunded_at_gateway_not_here',
  gateway: 'stripe',
  order_num: 'EZ2026120500002',
  gateway_ref: 're_123',
  evidence: { gateway_record: { state: 'refunded', amount: '50.00', currency: 'HKD' }, order: { status: 9 } },
  action: null,
};

function day(overrides: Record<string, unknown> = {}) {
  return {
    date: '2026-12-05',
    state: 'mismatched',
    ran_at: '2026-12-05T22:00:00.000Z',
    mailed_at: '2026-12-05T22:00:01.000Z',
    time_zone: 'Asia/Singapore',
    from: '2026-12-04T16:00:00.000Z',
    to: '2026-12-05T16:00:00.000Z',
    sources: [
      { gateway: 'fiuu', ok: true, records: 3, error: null },
      { gateway: 'stripe', ok: false, records: 0, error: 'Stripe did not answer' },
    ],
    totals: [
      {
        gateway: 'fiuu',
        currency: 'SGD',
        gateway_paid: 5520,
        gateway_count: 2,
        our_paid: 2760,
        our_count: 1,
        gateway_refunded: 0,
        our_refunded: 0,
      },
    ],
    bigo: {
      diamonds_delivered: 1500,
      orders_delivered: 2,
      ambiguous: [{ order_num: 'EZ2026120500009', settled_by: 'rescode 7212010', calls: 2 }],
      balance_first: 90000,
      balance_last: 88500,
    },
    mismatches: [LOST, REFUNDED],
    ...overrides,
  };
}

describe('reconciliation /reconciliation', () => {
  it("shows the day's state, sources, totals, BIGO figures and each mismatch with its evidence", async () => {
    const api = stubApi({ 'GET /api/v1/reconciliation': () => ok(day()) });
    renderApp('/reconciliation?date=2026-12-05');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeInTheDocument();
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    expect(api.callsTo('GET /api/v1/reconciliation')[0]?.url.search).toBe('?date=2026-12-05');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-12-05');
    expect(screen.getByText('Mismatches found')).toBeInTheDocument();
    expect(screen.getByText('fiuu: 3 records read')).toBeInTheDocument();
    expect(screen.getByText('stripe: not read (Stripe did not answer)')).toBeInTheDocument();
    expect(screen.getByText('1,500 diamonds delivered in 2 orders')).toBeInTheDocument();
    expect(screen.getByText(/EZ2026120500009 \(settled by rescode 7212010, 2 calls\)/)).toBeInTheDocument();

    const lost = rowOf('EZ2026120500001');
    expect(lost.getByText('Paid at the gateway but not here')).toBeInTheDocument();
    expect(lost.getByText('Gateway record')).toBeInTheDocument();
    expect(lost.getByText('captured')).toBeInTheDocument();
    expect(
      lost.getByRole('button', { name: 'Apply the payment of order EZ2026120500001' }),
    ).toBeInTheDocument();
    const refunded = rowOf('EZ2026120500002');
    expect(refunded.getByText('Refunded at the gateway but not here')).toBeInTheDocument();
    expect(refunded.getByText("Check it in the gateway's portal")).toBeInTheDocument();
  });

  it('runs the chosen day, with the day in the address', async () => {
    const api = stubApi({
      'GET /api/v1/reconciliation': (call) =>
        ok(
          day({
            date: call.url.searchParams.get('date'),
            state: null,
            ran_at: null,
            mailed_at: null,
            mismatches: [],
          }),
        ),
      'POST /api/v1/reconciliation/run': (call) =>
        ok(
          day({ date: call.url.searchParams.get('date'), state: 'reconciled', mismatches: [] }),
          'Reconciliation finished',
        ),
    });
    const { router } = renderApp('/reconciliation?date=2026-12-05');
    expect(await screen.findByText('Not reconciled yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-01'));
    await userEvent.click(screen.getByRole('button', { name: /Run reconciliation/ }));
    expect(await screen.findByText('Reconciliation finished')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/reconciliation/run')[0]?.url.search).toBe('?date=2026-12-01');
  });

  it("caps the day at the shop's today, which may be a day ahead of the browser's calendar", async () => {
    // 02:30 in Singapore on 7 December is still 6 December in UTC, a browser's zone the field used to cap it at.
    expect(shopToday('Asia/Singapore', new Date('2026-12-06T18:30:00Z'))).toBe('2026-12-07');
    expect(shopToday('UTC', new Date('2026-12-06T18:30:00Z'))).toBe('2026-12-06');
    expect(shopToday(undefined)).toBeUndefined();
    expect(shopToday('Not/AZone')).toBeUndefined();

    stubApi({ 'GET /api/v1/reconciliation': () => ok(day({ time_zone: 'Asia/Singapore' })) });
    renderApp('/reconciliation?date=2026-12-05');
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    expect(screen.getByLabelText('Day')).toHaveAttribute('max', shopToday('Asia/Singapore'));
  });

  describe('the day shown first, with none asked for, at 02:30 on 7 December in Singapore (18:30 UTC on the 6th)', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      vi.useRealTimers();
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    });

    it("is the shop's yesterday (the 6th), not the browser's (the 5th, on UTC)", async () => {
      expect(shopYesterday('Asia/Singapore', new Date('2026-12-06T18:30:00Z'))).toBe('2026-12-06');
      expect(shopYesterday('UTC', new Date('2026-12-06T18:30:00Z'))).toBe('2026-12-05');
      expect(shopYesterday(undefined)).toBeUndefined();
      process.env.TZ = 'UTC';
      vi.useFakeTimers({ now: new Date('2026-12-06T18:30:00Z'), toFake: ['Date'] });
      const api = stubApi({
        'GET /api/v1/reconciliation': (request) =>
          ok(day({ date: request.url.searchParams.get('date'), time_zone: 'Asia/Singapore' })),
      });
      renderApp('/reconciliation');
      const asked = () =>
        api.callsTo('GET /api/v1/reconciliation').map((c) => c.url.searchParams.get('date'));
      await waitFor(() => expect(asked()).toEqual(['2026-12-05', '2026-12-06']), { timeout: 15_000 });
      expect(screen.getByLabelText('Day')).toHaveValue('2026-12-06');
    });
  });

  it('cancelling the confirmation applies nothing', async () => {
    const api = stubApi({ 'GET /api/v1/reconciliation': () => ok(day()) });
    renderApp('/reconciliation?date=2026-12-05');
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    await userEvent.click(
      rowOf('EZ2026120500001').getByRole('button', { name: 'Apply the payment of order EZ2026120500001' }),
    );
    await userEvent.click(
      (await dialogTitled('Apply this payment?')).getByRole('button', { name: 'Cancel' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('applies a lost payment after confirmation, says so and shows what it led to', async () => {
    let applied = false;
    const api = stubApi({
      'GET /api/v1/reconciliation': () =>
        ok(
          day({
            mismatches: [
              applied
                ? { ...LOST, applied_at: '2026-12-05T23:00:00.000Z', applied_result: 'status:7' }
                : LOST,
            ],
          }),
        ),
      'POST /api/v1/reconciliation/mismatches/7/apply': () => {
        applied = true;
        return ok({ day: day(), order_status: 7 }, 'The payment was checked with the gateway and applied');
      },
    });
    renderApp('/reconciliation?date=2026-12-05');
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    await userEvent.click(
      rowOf('EZ2026120500001').getByRole('button', { name: 'Apply the payment of order EZ2026120500001' }),
    );
    const dialog = await dialogTitled('Apply this payment?');
    expect(dialog.getByText(/fiuu reports order EZ2026120500001 paid but never told us/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, apply' }));
    expect(
      await screen.findByText('The payment was checked with the gateway and applied'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/reconciliation/mismatches/7/apply')).toHaveLength(1);
    // What it led to, in words: the status's name, not its code.
    expect(await screen.findByText(/the order is now Payment completed/)).toBeInTheDocument();
  });

  it('says so when the gateway does not report the payment paid now', async () => {
    stubApi({
      'GET /api/v1/reconciliation': () => ok(day()),
      'POST /api/v1/reconciliation/mismatches/7/apply': () =>
        fail(409, 'The gateway does not report this order paid now: nothing was applied', {
          code: 'conflict',
        }),
    });
    renderApp('/reconciliation?date=2026-12-05');
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    await userEvent.click(
      rowOf('EZ2026120500001').getByRole('button', { name: 'Apply the payment of order EZ2026120500001' }),
    );
    await userEvent.click(
      (await dialogTitled('Apply this payment?')).getByRole('button', { name: 'Yes, apply' }),
    );
    expect(
      await dialogTitled('The gateway does not report this order paid now: nothing was applied.'),
    ).toBeTruthy();
  });

  it('reads in Chinese', async () => {
    await setLanguage('zh');
    let applied = false;
    stubApi({
      'GET /api/v1/reconciliation': () =>
        ok(
          day({
            mismatches: [
              applied
                ? { ...LOST, applied_at: '2026-12-05T23:00:00.000Z', applied_result: 'already:9' }
                : LOST,
            ],
          }),
        ),
      'POST /api/v1/reconciliation/mismatches/7/apply': () => {
        applied = true;
        return ok({ day: day(), order_status: 9 }, 'The payment was checked with the gateway and applied');
      },
    });
    renderApp('/reconciliation?date=2026-12-05');
    expect(await screen.findByRole('heading', { level: 1, name: '对账' })).toBeInTheDocument();
    await screen.findByText('EZ2026120500001', {}, { timeout: 15_000 });
    expect(screen.getByText('发现差异')).toBeInTheDocument();
    expect(screen.getByLabelText('日期')).toHaveValue('2026-12-05');
    expect(rowOf('EZ2026120500001').getByText('网关已收款但本站未记录')).toBeInTheDocument();
    await userEvent.click(
      rowOf('EZ2026120500001').getByRole('button', { name: '为订单 EZ2026120500001 入账付款' }),
    );
    await userEvent.click(
      (await dialogTitled('确认入账这笔付款？')).getByRole('button', { name: '确认入账' }),
    );
    expect(await screen.findByText('已向支付网关核实该付款并入账')).toBeInTheDocument();
    expect(await screen.findByText(/订单此前已是「充值成功」/)).toBeInTheDocument();
  });
});

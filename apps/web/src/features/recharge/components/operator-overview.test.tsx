import type { TOrderOverview } from '@ezrecharge/shared/schemas/orders';
import { encryptWireJson, formatEventTime, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';
import { ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/** The operator overview on the signed-in landing page /ezrecharge. */

beforeAll(() => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]), 30_000);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OVERVIEW: TOrderOverview = {
  reseller_balance: 1_234_567,
  balance_checked_at: '2025-06-01T04:00:00.000Z',
  balance_alert_below: 100_000,
  charge_failed: 2,
  refund_failed: 1,
  payment_held: 0,
  delivery_late: 3,
  delivery_uncertain: 0,
  paid_twice: 0,
  refund_overdue: 0,
  disputes_open: 0,
  risk_held: 4,
};

/** The landing page's recharge form with an empty catalogue (wire-encrypted, as the server sends it). */
async function emptyCatalogue(): Promise<TReply> {
  const timestamp = formatEventTime(new Date());
  return ok({ data: await encryptWireJson([], timestamp, WIRE_CONTEXT.select), timestamp });
}

function routes(overview: TOrderOverview) {
  return {
    'GET /api/v1/product/select': emptyCatalogue,
    'GET /api/v1/order/overview': () => ok(overview),
    'GET /api/v1/order/': (call: TRecordedCall) =>
      ok({ page_data: [], total: 0, page: 1, page_size: Number(call.url.searchParams.get('page_size')) }),
    'GET /api/v1/user/select/': () => ok({}),
  };
}

const panel = async () => within(await screen.findByRole('region', { name: 'Shop overview' }));

describe('operator overview /ezrecharge', () => {
  it('shows superusers the reseller balance and the orders needing them, linked to the filtered list', async () => {
    signInAs({ id: 1, username: 'admin', nickname: 'Admin', is_superuser: true });
    const api = stubApi(routes(OVERVIEW));
    const { router } = renderApp('/ezrecharge');

    const overview = await panel();
    expect(await overview.findByText('1,234,567 diamonds')).toBeInTheDocument();
    expect(overview.getByText((_c, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2025-06-01T04:00:00.000Z',
    );
    expect(overview.queryByText(/Below the warning level/)).toBeNull();
    expect(overview.getByRole('link', { name: /^Charge failed\s*2\D/ })).toHaveAttribute(
      'href',
      '/order?order_status=10',
    );
    expect(overview.getByRole('link', { name: /^Refund failed\s*1\D/ })).toHaveAttribute(
      'href',
      '/order?order_status=13',
    );
    // Issue #26: every queue links to the order list filtered to it.
    expect(overview.getByRole('link', { name: /^Payments held\s*0\D/ })).toHaveAttribute(
      'href',
      '/order?attention=payment_held',
    );
    // Issue #32: paid orders still not delivered after the threshold.
    expect(
      overview.getByRole('link', {
        name: /^Deliveries late\s*3\s*Paid over 5 minutes ago and still not delivered/,
      }),
    ).toHaveAttribute('href', '/order?attention=delivery_late');
    expect(overview.getByRole('link', { name: /^Delivery uncertain\s*0\D/ })).toHaveAttribute(
      'href',
      '/order?attention=delivery_uncertain',
    );
    expect(overview.getByRole('link', { name: /^Paid twice\s*0\D/ })).toHaveAttribute(
      'href',
      '/order?attention=paid_twice',
    );
    expect(overview.getByRole('link', { name: /^Refunds overdue\s*0\D/ })).toHaveAttribute(
      'href',
      '/order?attention=refund_overdue',
    );
    // Issue #28: orders whose payment a card holder disputed, not decided yet.
    expect(overview.getByRole('link', { name: /^Disputes open\s*0\D/ })).toHaveAttribute(
      'href',
      '/order?attention=disputed',
    );
    // Issue #29: paid orders the risk rules hold for an operator's review.
    expect(
      overview.getByRole('link', { name: /^Held for review\s*4\s*Paid orders the risk rules hold/ }),
    ).toHaveAttribute('href', '/order?attention=risk_held');

    await userEvent.click(overview.getByRole('link', { name: /^Charge failed\s*2\D/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order_status=10'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/order/')[0]?.url.searchParams.get('order_status')).toBe('10'),
    );
  });

  it('warns when the balance is below the warning level, in Chinese too', async () => {
    signInAs({ id: 1, username: 'admin', nickname: 'Admin', is_superuser: true });
    stubApi(routes({ ...OVERVIEW, reseller_balance: 99_999, disputes_open: 3 }));
    renderApp('/ezrecharge');

    const overview = await panel();
    expect(await overview.findByRole('alert')).toHaveTextContent(
      'Below the warning level of 100,000 diamonds: top up the reseller account.',
    );
    await setLanguage('zh');
    expect(await screen.findByText('低于预警值 100,000 钻石：请为代理账户充值。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^充值失败\s*2\D/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^充值延迟\s*3\s*付款已超过 5 分钟仍未到账/ })).toHaveAttribute(
      'href',
      '/order?attention=delivery_late',
    );
    expect(screen.getByRole('link', { name: /^未结争议\s*3\D/ })).toHaveAttribute(
      'href',
      '/order?attention=disputed',
    );
    expect(screen.getByRole('link', { name: /^待审核\s*4\D/ })).toHaveAttribute(
      'href',
      '/order?attention=risk_held',
    );
  });

  it('says the balance is not known before any precheck reported it', async () => {
    signInAs({ id: 1, username: 'admin', nickname: 'Admin', is_superuser: true });
    stubApi(routes({ ...OVERVIEW, reseller_balance: null, balance_checked_at: null }));
    renderApp('/ezrecharge');

    const overview = await panel();
    expect(await overview.findByText('Not known yet')).toBeInTheDocument();
    expect(overview.getByText('BIGO reports it at the precheck of the next order.')).toBeInTheDocument();
    expect(overview.queryByRole('alert')).toBeNull();
  });

  it('shows ordinary users nothing new and does not ask for it', async () => {
    signInAs({ id: 7, username: 'alice01', nickname: 'Alice', is_superuser: false });
    const api = stubApi(routes(OVERVIEW));
    renderApp('/ezrecharge');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alice!' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'More for your account' });
    expect(screen.queryByRole('region', { name: 'Shop overview' })).toBeNull();
    expect(api.callsTo('GET /api/v1/order/overview')).toHaveLength(0);
  });
});

import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import type { TOrder, TOrderEvent } from '@ezrecharge/shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { rowOf, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';
import { fail, ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/**
 * The superusers' side of /order: status history on expand, retry charge, mark delivered, refund and retry refund.
 */

setUpConsoleTests({
  load: () =>
    Promise.all([
      import('./order-list-page'),
      import('..'),
      import('../../../components/layouts/admin-layout'),
    ]),
});

afterEach(() => {
  vi.restoreAllMocks();
});

function order(overrides: Partial<TOrder>): TOrder {
  return {
    id: 1,
    order_num: 'EZ0001',
    game_type: 1,
    game_id: 'Star88',
    order_status: 9,
    pay_payment_num: 'alice@example.com',
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
    created_by: 7,
    pay_checkout_session_url: null,
    paid_at: '2025-06-01T04:01:00.000Z',
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

const ROWS = [
  order({
    id: 1,
    order_num: 'EZCHARGEFAILED',
    order_status: 10,
    failure_reason: 'BIGO ID does not exist (rescode 7212004)',
  }),
  order({ id: 2, order_num: 'EZREFUNDFAILED', order_status: 13 }),
  order({ id: 3, order_num: 'EZCHARGED', order_status: 9, delivered_at: '2025-06-01T04:02:00.000Z' }),
  order({ id: 4, order_num: 'EZPENDING', order_status: 3, paid_at: null }),
];

const EVENTS: TOrderEvent[] = [
  {
    from_status: null,
    to_status: 2,
    cause: 'precheck ok',
    note: null,
    actor: 'user:7',
    created_at: '2025-06-01T04:00:00.000Z',
    count: 1,
    last_at: '2025-06-01T04:00:00.000Z',
  },
  {
    from_status: 7,
    to_status: 8,
    cause: 'delivery started',
    note: null,
    actor: 'system',
    created_at: '2025-06-01T04:01:01.000Z',
    count: 1,
    last_at: '2025-06-01T04:01:01.000Z',
  },
  {
    from_status: 8,
    to_status: 10,
    cause: 'BIGO refused the delivery: BIGO ID does not exist',
    note: null,
    actor: 'system',
    created_at: '2025-06-01T04:01:02.000Z',
    count: 1,
    last_at: '2025-06-01T04:01:02.000Z',
  },
];

function listRoutes(rows: TOrder[] = ROWS) {
  return {
    'GET /api/v1/order/': (call: TRecordedCall): TReply =>
      ok({
        page_data: rows,
        total: rows.length,
        page: Number(call.url.searchParams.get('page')),
        page_size: Number(call.url.searchParams.get('page_size')),
      }),
    'GET /api/v1/user/select/': () => ok({ 1: 'Admin', 7: 'Alice' }),
    'GET /api/v1/order/events': () => ok(EVENTS),
  };
}

/** The action buttons of a row, by their visible text. */
function actionsOf(orderNum: string): string[] {
  const row = screen.getByText(orderNum).closest('tr');
  return [...(row?.querySelectorAll('.order-list__actions button') ?? [])].map((b) => b.textContent ?? '');
}

async function openDialog(orderNum: string, buttonName: string, title: string) {
  await userEvent.click(rowOf(orderNum).getByRole('button', { name: buttonName }));
  // Found by its title's text: jsdom builds give every antd element the id "test-id", so aria-labelledby
  // cannot name the dialog here as it does in a browser.
  const dialog = await waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((node) => node.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
  return within(dialog);
}

describe('order list /order for superusers', () => {
  it('shows an order’s status history once its row is opened, in the active language', async () => {
    const api = stubApi(listRoutes());
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');
    expect(api.callsTo('GET /api/v1/order/events')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show the history of order EZCHARGEFAILED' }));
    const history = within(await screen.findByRole('list', { name: /Status moves of order EZCHARGEFAILED/ }));
    expect(api.callsTo('GET /api/v1/order/events')[0]?.url.search).toBe('?order_num=EZCHARGEFAILED');
    const moves = history.getAllByRole('listitem');
    expect(moves).toHaveLength(3);
    expect(within(moves[0] as HTMLElement).getByText('New order')).toBeInTheDocument();
    expect(within(moves[0] as HTMLElement).getByText('Precheck successful')).toBeInTheDocument();
    expect(within(moves[0] as HTMLElement).getByText('Alice (User #7)')).toBeInTheDocument();
    const failed = within(moves[2] as HTMLElement);
    expect(failed.getByText('Charging in progress')).toBeInTheDocument();
    expect(failed.getByText('Charge failed')).toBeInTheDocument();
    // Events written before notes had keys show their cause as it was written.
    expect(failed.getByText('BIGO refused the delivery: BIGO ID does not exist')).toBeInTheDocument();
    expect(failed.getByText('System')).toBeInTheDocument();
    expect(failed.getByText((_c, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2025-06-01T04:01:02.000Z',
    );
    const section = screen.getByRole('region', { name: 'Status history of order EZCHARGEFAILED' });
    expect(within(section).getByText('BIGO ID does not exist (rescode 7212004)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the history of order EZCHARGEFAILED' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await setLanguage('zh');
    expect(await within(moves[2] as HTMLElement).findByText('充值失败')).toBeInTheDocument();
    expect(within(moves[2] as HTMLElement).getByText('充值中')).toBeInTheDocument();
  });

  it('shows identical moves in a row as one with their count and first and last time, in both languages (issue #32)', async () => {
    const retry = 'BIGO not reached, will retry: BIGO answered HTTP 503';
    const repeated: TOrderEvent = {
      from_status: 8,
      to_status: 8,
      cause: retry,
      note: null,
      actor: 'system',
      created_at: '2025-06-01T04:01:03.000Z',
      count: 14,
      last_at: '2025-06-01T04:04:05.000Z',
    };
    stubApi({ ...listRoutes(), 'GET /api/v1/order/events': () => ok([...EVENTS.slice(0, 2), repeated]) });
    renderApp('/order');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show the history of order EZCHARGEFAILED' }),
    );
    const history = within(await screen.findByRole('list', { name: /Status moves of order EZCHARGEFAILED/ }));
    const moves = history.getAllByRole('listitem');
    expect(moves).toHaveLength(3);
    const row = within(moves[2] as HTMLElement);
    expect(row.getByText(retry)).toBeInTheDocument();
    expect(row.getByText('×14')).toHaveAttribute('aria-hidden', 'true');
    expect(row.getByText('14 times in a row')).toHaveClass('visually-hidden');
    const times = row.getAllByText((_c, node) => node?.tagName === 'TIME');
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([
      '2025-06-01T04:01:03.000Z',
      '2025-06-01T04:04:05.000Z',
    ]);
    // A move that happened once has no count.
    expect(within(moves[1] as HTMLElement).queryByText(/×/)).toBeNull();
    expect(within(moves[1] as HTMLElement).getAllByText((_c, node) => node?.tagName === 'TIME')).toHaveLength(
      1,
    );

    await setLanguage('zh');
    expect(await within(moves[2] as HTMLElement).findByText('连续 14 次')).toBeInTheDocument();
    expect(row.getByText('×14')).toBeInTheDocument();
  });

  it('shows the notes, actors, channel and failure reason in the reader’s language (issue #32)', async () => {
    const idNote = { key: 'bigo_answer', values: { meaning: { key: 'bigo_7212004' }, rescode: 7212004 } };
    const failedOrder = order({
      id: 1,
      order_num: 'EZCHARGEFAILED',
      order_status: 10,
      payment_channel: 'credit',
      failure_reason: 'This BIGO ID does not exist (BIGO 7212004)',
      failure_note: idNote,
    });
    const keyed: TOrderEvent[] = [
      {
        from_status: null,
        to_status: 2,
        cause: 'precheck ok',
        note: { key: 'precheck_ok' },
        actor: 'visitor',
        created_at: '2025-06-01T04:00:00.000Z',
        count: 1,
        last_at: '2025-06-01T04:00:00.000Z',
      },
      {
        from_status: 3,
        to_status: 7,
        cause: 'fiuu notify 00',
        note: { key: 'fiuu_report', values: { endpoint: 'notify', status: '00' } },
        actor: 'gateway:fiuu',
        created_at: '2025-06-01T04:01:00.000Z',
        count: 1,
        last_at: '2025-06-01T04:01:00.000Z',
      },
      {
        from_status: 8,
        to_status: 10,
        cause: 'BIGO refused the delivery: This BIGO ID does not exist (BIGO 7212004)',
        note: { key: 'bigo_refused_delivery', values: { reason: idNote } },
        actor: 'system',
        created_at: '2025-06-01T04:01:02.000Z',
        count: 1,
        last_at: '2025-06-01T04:01:02.000Z',
      },
      {
        from_status: 10,
        to_status: 8,
        cause: 'admin retry: checked the ID',
        note: { key: 'admin_retry', values: { reason: 'checked the ID' } },
        actor: 'admin:1',
        created_at: '2025-06-01T04:02:00.000Z',
        count: 1,
        last_at: '2025-06-01T04:02:00.000Z',
      },
    ];
    stubApi({ ...listRoutes([failedOrder]), 'GET /api/v1/order/events': () => ok(keyed) });
    await setLanguage('zh');
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');
    await userEvent.click(screen.getByRole('button', { name: '查看订单 EZCHARGEFAILED 的记录' }));
    const history = within(await screen.findByRole('list', { name: /订单 EZCHARGEFAILED 的状态变更/ }));
    const moves = history.getAllByRole('listitem').map((move) => within(move));
    expect(moves[0]?.getByText('预检通过')).toBeInTheDocument();
    expect(moves[0]?.getByText('访客（未登录）')).toBeInTheDocument();
    expect(moves[1]?.getByText('Fiuu notify 通知：状态 00')).toBeInTheDocument();
    expect(moves[1]?.getByText('支付网关 Fiuu')).toBeInTheDocument();
    expect(moves[2]?.getByText('BIGO 拒绝充值：此 BIGO ID 不存在（BIGO 7212004）')).toBeInTheDocument();
    expect(moves[2]?.getByText('系统')).toBeInTheDocument();
    // The operator's own words stay as written; the account's name is added to who acted.
    expect(moves[3]?.getByText('管理员重试充值：checked the ID')).toBeInTheDocument();
    expect(moves[3]?.getByText('Admin（管理员 #1）')).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: '订单 EZCHARGEFAILED 的状态记录' }));
    expect(section.getByText('此 BIGO ID 不存在（BIGO 7212004）')).toBeInTheDocument();
    expect(
      section.getByText((_c, node) => node?.tagName === 'P' && node.textContent === '付款渠道 银行卡 credit'),
    ).toBeInTheDocument();
    expect(
      section.queryByText(/precheck ok|fiuu notify|refused the delivery|visitor|does not exist/),
    ).toBeNull();

    // In English the same notes read as the server's English.
    await setLanguage('en');
    expect(await moves[1]?.findByText('fiuu notify 00')).toBeInTheDocument();
    expect(
      moves[2]?.getByText('BIGO refused the delivery: This BIGO ID does not exist (BIGO 7212004)'),
    ).toBeInTheDocument();
    expect(
      section.getByText(
        (_c, node) => node?.tagName === 'P' && node.textContent === 'Paid through Card credit',
      ),
    ).toBeInTheDocument();
  });

  it('shows the channel chosen on our page and a payment through another one, in both languages (issue #30)', async () => {
    const switched = order({
      id: 31,
      order_num: 'EZSWITCHED',
      order_status: 9,
      payment_channel: 'FPX_CIMBCLICKS',
      payment_channel_choice: 'FPX_MB2U',
    });
    const events = [
      {
        from_status: 7,
        to_status: 7,
        cause: 'paid through FPX_CIMBCLICKS, not the chosen FPX_MB2U (fiuu notify 00)',
        note: {
          key: 'payment_channel_mismatch',
          values: {
            chosen: 'FPX_MB2U',
            reported: 'FPX_CIMBCLICKS',
            cause: { key: 'fiuu_report', values: { endpoint: 'notify', status: '00' } },
          },
        },
        actor: 'gateway:fiuu',
        created_at: '2025-06-01T04:01:00.000Z',
        count: 1,
        last_at: '2025-06-01T04:01:00.000Z',
      },
    ];
    stubApi({ ...listRoutes([switched]), 'GET /api/v1/order/events': () => ok(events) });
    renderApp('/order');
    await screen.findByText('EZSWITCHED');
    await userEvent.click(screen.getByRole('button', { name: 'Show the history of order EZSWITCHED' }));
    const history = within(await screen.findByRole('list', { name: /EZSWITCHED/ }));
    expect(
      history.getByText('paid through FPX_CIMBCLICKS, not the chosen FPX_MB2U (fiuu notify 00)'),
    ).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Status history of order EZSWITCHED' }));
    expect(
      section.getByText(
        (_c, node) => node?.tagName === 'P' && node.textContent === 'Chosen on our page FPX_MB2U',
      ),
    ).toBeInTheDocument();

    await setLanguage('zh');
    expect(
      await history.findByText(
        '实际支付渠道为 FPX_CIMBCLICKS，而非所选的 FPX_MB2U（Fiuu notify 通知：状态 00）',
      ),
    ).toBeInTheDocument();
    expect(
      section.getByText((_c, node) => node?.tagName === 'P' && node.textContent === '本站所选渠道 FPX_MB2U'),
    ).toBeInTheDocument();
  });

  it('marks why an order failed as resolved once it was refunded, in both languages (issue #32)', async () => {
    const refunded = order({
      id: 9,
      order_num: 'EZREFUNDED',
      order_status: 12,
      failure_reason: 'BIGO ID does not exist (rescode 7212004)',
    });
    stubApi(listRoutes([refunded, ...ROWS]));
    renderApp('/order');
    await screen.findByText('EZREFUNDED');
    await userEvent.click(screen.getByRole('button', { name: 'Show the history of order EZREFUNDED' }));
    const section = await screen.findByRole('region', { name: 'Status history of order EZREFUNDED' });
    const box = within(section).getByText('BIGO ID does not exist (rescode 7212004)').closest('.ant-alert');
    expect(box).toHaveClass('ant-alert-info');
    expect(box).toHaveTextContent('Why it failed (resolved: Refund successful)');
    // One still waiting for an operator stays red.
    await userEvent.click(screen.getByRole('button', { name: 'Show the history of order EZCHARGEFAILED' }));
    const open = await screen.findByRole('region', { name: 'Status history of order EZCHARGEFAILED' });
    expect(
      within(open).getByText('BIGO ID does not exist (rescode 7212004)').closest('.ant-alert'),
    ).toHaveClass('ant-alert-error');
    await setLanguage('zh');
    await waitFor(() => expect(box).toHaveTextContent('失败原因（已解决：退款成功）'));
  });

  it('on a narrow screen opens the history and offers the actions inside the order’s card', async () => {
    setViewportWide(false);
    stubApi(listRoutes());
    renderApp('/order');
    const card = within(
      (await screen.findByText('EZCHARGEFAILED')).closest<HTMLElement>('.admin-list__card') as HTMLElement,
    );
    expect(card.getByText('Retry charge')).toBeInTheDocument();
    const show = card.getByRole('button', { name: 'Show the history of order EZCHARGEFAILED' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(await card.findByText('BIGO refused the delivery: BIGO ID does not exist')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Hide the history of order EZCHARGEFAILED' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('offers retry charge, mark delivered and refund on charge-failed orders and retry refund on refund-failed ones only', async () => {
    stubApi(listRoutes());
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');

    expect(actionsOf('EZCHARGEFAILED')).toEqual(['Retry charge', 'Mark delivered', 'Refund']);
    expect(actionsOf('EZREFUNDFAILED')).toEqual(['Retry refund']);
    expect(actionsOf('EZCHARGED')).toEqual([]);
    expect(actionsOf('EZPENDING')).toEqual([]);
  });

  it('offers approve and refuse on a paid order held for review, tags it, and approves with a reason (issue #29)', async () => {
    const held = order({ id: 5, order_num: 'EZHELD', order_status: 7, review_hours: 4 });
    const paid = order({ id: 6, order_num: 'EZPAID', order_status: 7, paid_at: new Date().toISOString() });
    const api = stubApi({
      ...listRoutes([held, paid]),
      'POST /api/v1/risk/holds/decide': () =>
        ok(order({ order_num: 'EZHELD', order_status: 7 }), MSG.risk_hold_decided_ok),
    });
    renderApp('/order');
    await screen.findByText('EZHELD');
    expect(actionsOf('EZHELD')).toEqual(['Approve', 'Refuse']);
    expect(actionsOf('EZPAID')).toEqual([]);
    expect(rowOf('EZHELD').getByText('Held for review')).toBeInTheDocument();

    const dialog = await openDialog(
      'EZHELD',
      'Approve order EZHELD held for review',
      'Approve order EZHELD held for review',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and deliver' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/risk/holds/decide')).toHaveLength(0);
    await fill(dialog.getByLabelText('Reason'), 'Buyer verified by phone');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and deliver' }));
    expect(await screen.findByText(MESSAGES.risk_hold_decided_ok)).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/risk/holds/decide');
    expect(call?.url.search).toBe('?order_num=EZHELD');
    expect(call?.body).toEqual({ decision: 'approve', reason: 'Buyer verified by phone' });
  });

  it('retry charge needs a reason, sends it, says so and reloads the list and the history', async () => {
    const api = stubApi({
      ...listRoutes(),
      'POST /api/v1/order/retry': () => ok(order({ order_status: 8 }), MSG.order_retry_started),
    });
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');
    await userEvent.click(screen.getByRole('button', { name: 'Show the history of order EZCHARGEFAILED' }));
    await screen.findByRole('list', { name: /Status moves of order EZCHARGEFAILED/ });
    const lists = api.callsTo('GET /api/v1/order/').length;
    const histories = api.callsTo('GET /api/v1/order/events').length;

    const dialog = await openDialog(
      'EZCHARGEFAILED',
      'Retry charge of order EZCHARGEFAILED',
      'Retry the charge of order EZCHARGEFAILED',
    );
    expect(dialog.getByText(/BIGO is asked again to deliver the diamonds/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retry charge' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/retry')).toHaveLength(0);

    await fill(dialog.getByLabelText('Reason'), ' Reseller balance topped up ');
    await userEvent.click(dialog.getByRole('button', { name: 'Retry charge' }));

    expect(await screen.findByText(MESSAGES.order_retry_started)).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/order/retry');
    expect(call?.url.search).toBe('?order_num=EZCHARGEFAILED');
    expect(call?.body).toEqual({ reason: 'Reseller balance topped up' });
    await waitFor(() => expect(api.callsTo('GET /api/v1/order/').length).toBeGreaterThan(lists));
    await waitFor(() => expect(api.callsTo('GET /api/v1/order/events').length).toBeGreaterThan(histories));
  });

  it('mark delivered explains when to use it, needs a reason, sends it and reloads the list', async () => {
    const api = stubApi({
      ...listRoutes(),
      'POST /api/v1/order/mark-delivered': () =>
        ok(order({ order_status: 9, delivered_at: '2025-06-01T05:00:00.000Z' }), MSG.order_marked_delivered),
    });
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');
    const lists = api.callsTo('GET /api/v1/order/').length;

    const dialog = await openDialog(
      'EZCHARGEFAILED',
      'Mark order EZCHARGEFAILED delivered',
      'Mark order EZCHARGEFAILED delivered',
    );
    expect(
      dialog.getByText(/Only after BIGO's reseller console shows this order's diamonds/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark delivered' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/mark-delivered')).toHaveLength(0);

    await fill(dialog.getByLabelText('Reason'), ' Credited in BIGO console at 12:05 ');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark delivered' }));

    expect(await screen.findByText(MESSAGES.order_marked_delivered)).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/order/mark-delivered');
    expect(call?.url.search).toBe('?order_num=EZCHARGEFAILED');
    expect(call?.body).toEqual({ reason: 'Credited in BIGO console at 12:05' });
    expect(api.callsTo('POST /api/v1/order/retry')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET /api/v1/order/').length).toBeGreaterThan(lists));
  });

  it('mark delivered speaks Chinese, with its reason field labelled, and shows the server message in Chinese', async () => {
    await setLanguage('zh');
    stubApi({
      ...listRoutes(),
      'POST /api/v1/order/mark-delivered': () => ok(order({ order_status: 9 }), MSG.order_marked_delivered),
    });
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');
    expect(actionsOf('EZCHARGEFAILED')).toEqual(['重新充值', '标记为已发放', '退款']);

    const dialog = await openDialog(
      'EZCHARGEFAILED',
      '将订单 EZCHARGEFAILED 标记为已发放',
      '将订单 EZCHARGEFAILED 标记为已发放',
    );
    expect(dialog.getByText(/仅在 BIGO 代理后台显示此订单的钻石已充入/)).toBeInTheDocument();
    await fill(dialog.getByLabelText('原因'), '已在 BIGO 后台核实');
    await userEvent.click(dialog.getByRole('button', { name: '标记为已发放' }));
    expect(await screen.findByText('订单已标记为充值成功：收据正在发送给买家')).toBeInTheDocument();
  });

  it('a refused refund shows why in the popup; retry refund goes to the refund endpoint', async () => {
    const api = stubApi({
      ...listRoutes(),
      'POST /api/v1/order/refund': (call) =>
        call.url.searchParams.get('order_num') === 'EZCHARGEFAILED'
          ? fail(400, MSG.order_action_not_allowed)
          : ok(order({ order_status: 11 }), MSG.order_refund_started),
    });
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');

    const refund = await openDialog(
      'EZCHARGEFAILED',
      'Refund order EZCHARGEFAILED',
      'Refund order EZCHARGEFAILED',
    );
    await fill(refund.getByLabelText('Reason'), 'Buyer asked for the money back');
    await userEvent.click(refund.getByRole('button', { name: 'Start refund' }));
    expect(
      await screen.findByText(MESSAGES.order_action_not_allowed, {
        selector: '.ant-modal-confirm-title, .app-dialog__title',
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/refund')[0]?.body).toEqual({
      reason: 'Buyer asked for the money back',
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));

    const retry = await openDialog(
      'EZREFUNDFAILED',
      'Retry refund of order EZREFUNDFAILED',
      'Retry the refund of order EZREFUNDFAILED',
    );
    await fill(retry.getByLabelText('Reason'), 'Gateway is back');
    await userEvent.click(retry.getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText(MESSAGES.order_refund_started)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/refund')[1]?.url.search).toBe('?order_num=EZREFUNDFAILED');
  });

  it('asks for the buyer’s bank to refund an online-banking payment, and sends it with the reason', async () => {
    const fpx = order({
      id: 5,
      order_num: 'EZFPXFAILED',
      order_status: 10,
      payment_channel: 'FPX_MB2U',
      refund_bank_details: 'required',
    });
    const api = stubApi({
      ...listRoutes([fpx]),
      'POST /api/v1/order/refund': () => ok(order({ order_status: 11 }), MSG.order_refund_started),
    });
    renderApp('/order');
    await screen.findByText('EZFPXFAILED');
    // The history names how the buyer paid.
    await userEvent.click(
      rowOf('EZFPXFAILED').getByRole('button', { name: 'Show the history of order EZFPXFAILED' }),
    );
    expect(await screen.findByText('FPX_MB2U')).toBeInTheDocument();
    const dialog = await openDialog('EZFPXFAILED', 'Refund order EZFPXFAILED', 'Refund order EZFPXFAILED');
    expect(dialog.getByText(/paid by online banking \(FPX\)/)).toBeInTheDocument();
    await fill(dialog.getByLabelText('Reason'), 'BIGO ID closed');
    await userEvent.click(dialog.getByRole('button', { name: 'Start refund' }));
    // Required here: nothing is sent without the bank code, and the field says why.
    expect(await dialog.findByText(MESSAGES.refund_bank_code_invalid)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/refund')).toHaveLength(0);

    await fill(dialog.getByLabelText('Bank code'), 'MBBEMYKL');
    await fill(dialog.getByLabelText("Account holder's name"), 'Jane Doe');
    await fill(dialog.getByLabelText('Account number'), '5140-1234567890');
    await userEvent.click(dialog.getByRole('button', { name: 'Start refund' }));
    expect(await screen.findByText(MESSAGES.order_refund_started)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/refund')[0]?.body).toEqual({
      reason: 'BIGO ID closed',
      bank: { bank_code: 'MBBEMYKL', bank_country: 'MY', name: 'Jane Doe', account_no: '5140-1234567890' },
    });
  });

  it('labels the bank fields in Chinese, and shows none for a card payment', async () => {
    await setLanguage('zh');
    stubApi(
      listRoutes([
        order({ id: 5, order_num: 'EZFPXFAILED', order_status: 10, refund_bank_details: 'required' }),
        order({ id: 6, order_num: 'EZCARDFAILED', order_status: 10, refund_bank_details: 'none' }),
      ]),
    );
    renderApp('/order');
    await screen.findByText('EZFPXFAILED');
    const fpx = await openDialog('EZFPXFAILED', '退款订单 EZFPXFAILED', '退款订单 EZFPXFAILED');
    for (const label of ['银行代码', '银行所在国家', '账户持有人姓名', '银行账号']) {
      expect(fpx.getByLabelText(label)).toBeInTheDocument();
    }
    // antd spaces out a two-character Chinese button label.
    await userEvent.click(fpx.getByRole('button', { name: /^取\s*消$/ }));
    const card = await openDialog('EZCARDFAILED', '退款订单 EZCARDFAILED', '退款订单 EZCARDFAILED');
    expect(card.queryByLabelText('银行代码')).not.toBeInTheDocument();
  });

  describe('issue #26: never pay twice', () => {
    const uncertain = order({
      id: 7,
      order_num: 'EZUNCERTAIN',
      order_status: 10,
      delivery_uncertain: true,
      failure_reason: 'An earlier call to BIGO got no answer and may have delivered the diamonds',
    });
    const paidTwice = order({
      id: 8,
      order_num: 'EZPAIDTWICE',
      order_status: 9,
      extra_payments: [
        {
          id: 41,
          gateway_ref: '7700000002',
          amount: 500,
          currency: 'SGD',
          channel: 'credit',
          state: 'recorded',
          refund_bank_details: 'none',
          failure_reason: null,
          refund_overdue_at: null,
          created_at: '2025-06-01T04:05:00.000Z',
        },
      ],
    });

    it('tags the orders of the operator’s queues and filters by them from the address', async () => {
      const api = stubApi(listRoutes([uncertain, paidTwice]));
      renderApp('/order?attention=delivery_uncertain');
      await screen.findByText('EZUNCERTAIN');
      expect(api.callsTo('GET /api/v1/order/')[0]?.url.search).toBe(
        '?attention=delivery_uncertain&page=1&page_size=5',
      );
      expect(rowOf('EZUNCERTAIN').getByText('Delivery uncertain')).toBeInTheDocument();
      expect(rowOf('EZPAIDTWICE').getByText('Paid twice')).toBeInTheDocument();
      const filters = within(screen.getByRole('search', { name: 'Filter orders' }));
      expect(filters.getByTitle('Delivery uncertain')).toBeInTheDocument();
    });

    it('refunds an uncertain delivery only once the operator ticks that BIGO’s console was checked', async () => {
      const api = stubApi({
        ...listRoutes([uncertain]),
        'POST /api/v1/order/refund': () => ok(order({ order_status: 11 }), MSG.order_refund_started),
      });
      renderApp('/order');
      await screen.findByText('EZUNCERTAIN');
      const dialog = await openDialog('EZUNCERTAIN', 'Refund order EZUNCERTAIN', 'Refund order EZUNCERTAIN');
      expect(dialog.getByText(/BIGO may have delivered this order/)).toBeInTheDocument();
      await fill(dialog.getByLabelText('Reason'), 'Buyer asked');
      await userEvent.click(dialog.getByRole('button', { name: 'Start refund' }));
      expect(await dialog.findByText("Confirm that you checked BIGO's reseller console")).toBeInTheDocument();
      expect(api.callsTo('POST /api/v1/order/refund')).toHaveLength(0);

      await userEvent.click(
        dialog.getByRole('checkbox', {
          name: "I checked BIGO's reseller console: the diamonds of this order were not delivered",
        }),
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Start refund' }));
      expect(await screen.findByText(MESSAGES.order_refund_started)).toBeInTheDocument();
      expect(api.callsTo('POST /api/v1/order/refund')[0]?.body).toEqual({
        reason: 'Buyer asked',
        confirmed_not_delivered: true,
      });
    });

    it('asks the same in Chinese', async () => {
      await setLanguage('zh');
      stubApi(listRoutes([uncertain]));
      renderApp('/order');
      await screen.findByText('EZUNCERTAIN');
      expect(rowOf('EZUNCERTAIN').getByText('充值结果待核实')).toBeInTheDocument();
      const dialog = await openDialog('EZUNCERTAIN', '退款订单 EZUNCERTAIN', '退款订单 EZUNCERTAIN');
      expect(
        dialog.getByRole('checkbox', { name: '我已在 BIGO 代理商后台核查：此订单的钻石确实未到账' }),
      ).toBeInTheDocument();
    });

    it('refunds the extra payment of an order paid twice, and shows it in the history', async () => {
      const api = stubApi({
        ...listRoutes([paidTwice]),
        'POST /api/v1/order/extra-payment/refund': () =>
          ok(order({ order_status: 9 }), MSG.extra_payment_refund_started),
      });
      renderApp('/order');
      await screen.findByText('EZPAIDTWICE');
      expect(actionsOf('EZPAIDTWICE')).toEqual(['Refund extra payment']);
      await userEvent.click(
        rowOf('EZPAIDTWICE').getByRole('button', { name: 'Show the history of order EZPAIDTWICE' }),
      );
      const extra = within(await screen.findByRole('region', { name: 'Other payments for this order' }));
      expect(extra.getByText(/SGD 5\.00, reference 7700000002/)).toBeInTheDocument();
      expect(extra.getByText('Waiting for a refund')).toBeInTheDocument();

      const dialog = await openDialog(
        'EZPAIDTWICE',
        'Refund the extra payment 7700000002 of order EZPAIDTWICE',
        'Refund the extra payment of order EZPAIDTWICE',
      );
      expect(dialog.getByText(/extra payment of SGD 5\.00 \(reference 7700000002\)/)).toBeInTheDocument();
      await fill(dialog.getByLabelText('Reason'), 'Paid in two tabs');
      await userEvent.click(dialog.getByRole('button', { name: 'Refund extra payment' }));
      expect(await screen.findByText(MESSAGES.extra_payment_refund_started)).toBeInTheDocument();
      const [call] = api.callsTo('POST /api/v1/order/extra-payment/refund');
      expect(call?.url.search).toBe('?id=41');
      expect(call?.body).toEqual({ reason: 'Paid in two tabs' });
    });
  });

  it('opens with the status filter of ?order_status=', async () => {
    const api = stubApi(listRoutes(ROWS.slice(0, 1)));
    renderApp('/order?order_status=10');
    await screen.findByText('EZCHARGEFAILED');

    expect(api.callsTo('GET /api/v1/order/')[0]?.url.search).toBe('?order_status=10&page=1&page_size=5');
    const filters = within(screen.getByRole('search', { name: 'Filter orders' }));
    expect(filters.getByTitle('Charge failed')).toBeInTheDocument();
  });

  describe('Export CSV (issue #28)', () => {
    const CSV = '\uFEFFOrder number,Status\r\nEZCHARGED,Charged successfully\r\n';

    function exportRoutes() {
      return {
        ...listRoutes(ROWS.slice(2, 3)),
        'GET /api/v1/order/export': (): TReply => ({
          status: 200,
          body: CSV,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="orders-20250601-1200.csv"',
          },
        }),
      };
    }

    /** What the page hands the browser to save: the link's name and the file behind it. */
    function captureSaves() {
      const saved: { name: string; file: Blob }[] = [];
      const files = new Map<string, Blob>();
      vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
        const href = `blob:test/${files.size}`;
        files.set(href, file as Blob);
        return href;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const file = files.get(this.getAttribute('href') ?? '');
        if (file) saved.push({ name: this.download, file });
      });
      return saved;
    }

    it('downloads every order the address filters select, not only the page shown, under the server’s name', async () => {
      const saved = captureSaves();
      const api = stubApi(exportRoutes());
      renderApp('/order?order_status=9&game_id=Star88&page=2&page_size=5');
      await screen.findByText('EZCHARGED');

      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(saved).toHaveLength(1));
      const [call] = api.callsTo('GET /api/v1/order/export');
      expect(call?.url.search).toBe('?game_id=Star88&order_status=9');
      expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
      expect(call?.headers.get('accept-language')).toBe('en');
      expect(saved[0]?.name).toBe('orders-20250601-1200.csv');
      expect(saved[0]?.file.size).toBeGreaterThan(0);
    });

    it('is labelled in Chinese, and asks for the Chinese headers', async () => {
      setLanguage('zh');
      captureSaves();
      const api = stubApi(exportRoutes());
      renderApp('/order?attention=delivery_uncertain');
      await screen.findByText('EZCHARGED');

      await userEvent.click(screen.getByRole('button', { name: '导出 CSV' }));

      await waitFor(() => expect(api.callsTo('GET /api/v1/order/export')).toHaveLength(1));
      const [call] = api.callsTo('GET /api/v1/order/export');
      expect(call?.url.search).toBe('?attention=delivery_uncertain');
      expect(call?.headers.get('accept-language')).toBe('zh');
    });
  });
});

describe('order list /order for ordinary users', () => {
  it('has no history to open and no operator actions', async () => {
    signInAs({ id: 7, username: 'alice01', nickname: 'Alice', is_superuser: false });
    const api = stubApi(listRoutes());
    renderApp('/order');
    await screen.findByText('EZCHARGEFAILED');

    expect(screen.queryByRole('button', { name: /Show the history/ })).toBeNull();
    for (const orderNum of ['EZCHARGEFAILED', 'EZREFUNDFAILED']) expect(actionsOf(orderNum)).toEqual([]);
    expect(screen.queryByText('Retry charge')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(api.callsTo('GET /api/v1/order/events')).toHaveLength(0);
  });
});

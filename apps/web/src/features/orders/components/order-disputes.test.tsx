import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import type { TDispute, TOrderDisputes } from '@ezrecharge/shared/schemas/disputes';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { dialogTitled, rowOf, setUpConsoleTests } from '../../../test/console';
import { renderApp } from '../../../test/render-app';
import { ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/**
 * Issue #28: a disputed order in the superusers' /order list: the "Disputed" tag, and in its opened row the dispute
 * (amount, reason, status, due date), the evidence the shop holds, the editable explanation and the confirmed
 * "Submit evidence to Stripe", in English and Chinese.
 */

setUpConsoleTests({
  load: () =>
    Promise.all([
      import('./order-list-page'),
      import('..'),
      import('../../../components/layouts/admin-layout'),
    ]),
  clearCache: true,
});

afterEach(() => {
  vi.restoreAllMocks();
});

function order(overrides: Partial<TOrder>): TOrder {
  return {
    id: 1,
    order_num: 'EZDISPUTED',
    game_type: 1,
    game_id: 'Star88',
    order_status: 9,
    pay_payment_num: 'alice@example.com',
    amount: 14_800,
    amount_game: 1000,
    quantity: 1,
    pay_currency: 'HKD',
    price_id: 11,
    price: 14_800,
    game_amount: 1000,
    product_name: 'BIGO Diamonds',
    page_info: 'recharge',
    created_at: '2025-06-01T04:00:00.000Z',
    created_by: null,
    pay_checkout_session_url: null,
    paid_at: '2025-06-01T04:01:00.000Z',
    delivered_at: '2025-06-01T04:02:00.000Z',
    failure_reason: null,
    failure_note: null,
    payment_channel: null,
    refund_bank_details: 'none',
    bonus_game: 0,
    bonuses: [],
    delivery_uncertain: false,
    refund_overdue_at: null,
    extra_payments: [],
    dispute_status: 'needs_response',
    ...overrides,
  };
}

const DISPUTE: TDispute = {
  id: 5,
  order_num: 'EZDISPUTED',
  gateway: 'stripe',
  dispute_ref: 'du_test_1',
  amount: 14_800,
  currency: 'HKD',
  reason: 'fraudulent',
  status: 'needs_response',
  evidence_due_by: '2025-06-09T04:00:00.000Z',
  evidence_submitted_at: null,
  evidence_submitted_by: null,
  created_at: '2025-06-02T04:00:00.000Z',
  updated_at: '2025-06-02T04:00:00.000Z',
};

const DISPUTES: TOrderDisputes = {
  disputes: [DISPUTE],
  evidence: {
    order_num: 'EZDISPUTED',
    email: 'alice@example.com',
    placed_at: '2025-06-01T04:00:00.000Z',
    client_ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0 (Android 14) Chrome/131.0',
    bigo_id: 'Star88',
    product: 'BIGO Diamonds',
    diamonds: 1000,
    amount: 14_800,
    currency: 'HKD',
    paid_at: '2025-06-01T04:01:00.000Z',
    delivered_at: '2025-06-01T04:02:00.000Z',
    delivery_confirmation: 'BIGO delivered (rescode 0)',
    receipt_sent_at: '2025-06-01T04:03:00.000Z',
    explanation: 'The buyer ordered 1000 BIGO LIVE diamonds for Star88.',
  },
};

function routes(rows: TOrder[], extra: Record<string, (call: TRecordedCall) => TReply> = {}) {
  return {
    'GET /api/v1/order/': (call: TRecordedCall): TReply =>
      ok({
        page_data: rows,
        total: rows.length,
        page: Number(call.url.searchParams.get('page')),
        page_size: Number(call.url.searchParams.get('page_size')),
      }),
    'GET /api/v1/user/select/': () => ok({}),
    'GET /api/v1/order/events': () => ok([]),
    'GET /api/v1/order/disputes': () => ok(DISPUTES),
    ...extra,
  };
}

/** A section found by its heading's text (role queries over the whole list are very slow in jsdom). */
async function sectionTitled(
  title: string,
  selector: string,
  within_: typeof screen | ReturnType<typeof within> = screen,
) {
  const heading = await within_.findByText(title, { selector });
  const section = heading.closest('section');
  if (!section) throw new Error(`${title} heads no section`);
  expect(section).toHaveAttribute('aria-labelledby', heading.id);
  return within(section);
}

async function openRow(orderNum: string, show: string) {
  await screen.findByText(orderNum);
  await userEvent.click(screen.getByRole('button', { name: show }));
}

describe('an order’s disputes in /order', () => {
  it('shows the dispute and the evidence, and submits the edited explanation after a confirmation', async () => {
    const api = stubApi(
      routes([order({})], {
        'POST /api/v1/order/dispute/evidence': () =>
          ok({ ...DISPUTE, status: 'under_review' }, MSG.dispute_evidence_submitted),
      }),
    );
    renderApp('/order');
    await screen.findByText('EZDISPUTED');
    expect(await rowOf('EZDISPUTED').findByText('Disputed')).toBeInTheDocument();
    await openRow('EZDISPUTED', 'Show the history of order EZDISPUTED');

    const section = await sectionTitled('Disputes', 'h3');
    expect(api.callsTo('GET /api/v1/order/disputes')[0]?.url.search).toBe('?order_num=EZDISPUTED');
    expect(section.getByText('Stripe du_test_1')).toBeInTheDocument();
    expect(section.getByText('HKD 148.00')).toBeInTheDocument();
    expect(section.getByText('Fraudulent (card holder says they did not pay)')).toBeInTheDocument();
    expect(section.getByText('Needs response')).toBeInTheDocument();
    expect(section.getByText('Evidence due by')).toBeInTheDocument();
    expect(
      section.getByText((_c, node) => node?.getAttribute('datetime') === DISPUTE.evidence_due_by),
    ).toBeInTheDocument();

    const evidence = await sectionTitled('Evidence', 'h4', section);
    expect(evidence.getByText('203.0.113.9')).toBeInTheDocument();
    expect(evidence.getByText('Mozilla/5.0 (Android 14) Chrome/131.0')).toBeInTheDocument();
    expect(evidence.getByText('Star88')).toBeInTheDocument();
    expect(evidence.getByText('BIGO delivered (rescode 0)')).toBeInTheDocument();
    expect(evidence.getByText('Receipt sent')).toBeInTheDocument();

    const explanation = evidence.getByLabelText('Explanation for the bank');
    expect(explanation).toHaveValue(DISPUTES.evidence.explanation);
    await userEvent.clear(explanation);
    await userEvent.click(explanation);
    await userEvent.paste('The buyer received the diamonds.');
    await userEvent.click(evidence.getByText('Submit evidence to Stripe').closest('button') as HTMLElement);

    const dialog = await dialogTitled('Submit the evidence to Stripe?');
    expect(dialog.getByText(/du_test_1/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/dispute/evidence')).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(MESSAGES.dispute_evidence_submitted)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/dispute/evidence')[0]?.body).toEqual({
      order_num: 'EZDISPUTED',
      dispute_id: 5,
      explanation: 'The buyer received the diamonds.',
    });
  });

  it('speaks Chinese: the tag, the dispute, the evidence and the labelled explanation', async () => {
    await setLanguage('zh');
    stubApi(routes([order({})]));
    renderApp('/order');
    await screen.findByText('EZDISPUTED');
    expect(await rowOf('EZDISPUTED').findByText('争议中')).toBeInTheDocument();
    await openRow('EZDISPUTED', '查看订单 EZDISPUTED 的记录');
    const section = await sectionTitled('争议', 'h3');
    expect(section.getByText('欺诈（持卡人称未付款）')).toBeInTheDocument();
    expect(section.getByText('待答复')).toBeInTheDocument();
    expect(section.getByText('证据截止时间')).toBeInTheDocument();
    const evidence = await sectionTitled('证据', 'h4', section);
    expect(evidence.getByText('下单地址')).toBeInTheDocument();
    expect(evidence.getByLabelText('给银行的说明')).toHaveValue(DISPUTES.evidence.explanation);
    expect(evidence.getByText('向 Stripe 提交证据').closest('button')).toBeInTheDocument();
  });

  it('shows a decided dispute without the submit button, and asks nothing for an undisputed order', async () => {
    const api = stubApi(
      routes(
        [order({ dispute_status: 'won' }), order({ id: 2, order_num: 'EZPLAIN', dispute_status: null })],
        {
          'GET /api/v1/order/disputes': () =>
            ok({ ...DISPUTES, disputes: [{ ...DISPUTE, status: 'won' }] } satisfies TOrderDisputes),
        },
      ),
    );
    renderApp('/order');
    await screen.findByText('EZPLAIN');
    expect(rowOf('EZDISPUTED').queryByText('Disputed')).toBeNull();
    await openRow('EZPLAIN', 'Show the history of order EZPLAIN');
    await screen.findByText('No status moves recorded yet.');
    expect(api.callsTo('GET /api/v1/order/disputes')).toHaveLength(0);

    await openRow('EZDISPUTED', 'Show the history of order EZDISPUTED');
    const section = await sectionTitled('Disputes', 'h3');
    expect(section.getByText('Won')).toBeInTheDocument();
    expect(section.getByText('This dispute no longer takes evidence.')).toBeInTheDocument();
    expect(section.queryByText(/Submit evidence/)).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/v1/order/disputes')).toHaveLength(1));
  });
});

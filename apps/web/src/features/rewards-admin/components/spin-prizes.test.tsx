import { MSG } from '@ezrecharge/shared/messages';
import type { TPrizeRecord, TSpinSettings } from '@ezrecharge/shared/schemas/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { rowOf, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';
import { prizeChances } from './spin-settings-form';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
  clearCache: true,
});

function settings(overrides: Partial<TSpinSettings> = {}): TSpinSettings {
  return {
    active: true,
    diamonds_per_spin: 600,
    prizes: [
      { diamonds: 0, weight: 50 },
      { diamonds: 100, weight: 30 },
      { diamonds: 1200, weight: 20 },
    ],
    spins_granted: 1234,
    spins_spun: 987,
    prize_diamonds_delivered: 45_600,
    prize_diamonds_queued: 300,
    prizes_failed: 2,
    updated_at: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

function prize(overrides: Partial<TPrizeRecord> = {}): TPrizeRecord {
  return {
    id: 11,
    state: 'spun',
    order_num: 'EZ20250601ABCDEFGH',
    game_id: '12345678',
    prize_diamonds: 100,
    delivery: 'failed',
    created_at: '2025-06-01T10:00:00.000Z',
    spun_at: '2025-06-01T11:00:00.000Z',
    delivered_at: null,
    user_id: 7,
    username: 'alice01',
    bu_orderid: 'EZ20250601ABCDEFGH_S1',
    failure_reason: 'BIGO refused: account frozen',
    ...overrides,
  };
}

const PRIZES = [
  prize(),
  prize({
    id: 12,
    username: null,
    user_id: 9,
    game_id: '55550000',
    prize_diamonds: 50,
    delivery: 'delivered',
    bu_orderid: 'EZ20250602ZZZZZZZZ_S1',
    failure_reason: null,
  }),
];

function prizePage(call: TRecordedCall): TReply {
  const delivery = call.url.searchParams.get('delivery');
  const rows = delivery ? PRIZES.filter((row) => row.delivery === delivery) : PRIZES;
  return ok({
    page_data: rows,
    total: rows.length,
    page: Number(call.url.searchParams.get('page')),
    page_size: Number(call.url.searchParams.get('page_size')),
  });
}

function spinsApi(extra: Record<string, (call: TRecordedCall) => TReply> = {}) {
  return stubApi({
    'GET /api/v1/rewards/spin-settings': () => ok(settings()),
    'GET /api/v1/rewards/prizes': prizePage,
    ...extra,
  });
}

/** The antd form item around a labelled control, for its messages. */
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

const PRIZE_MESSAGE =
  'Prizes: 1 to 12 rows, each 0 to 1,200 diamonds with a whole-number weight of 1 or more';

describe('prize chances', () => {
  it('gives each row its weight out of the valid weights, to one decimal', () => {
    expect(
      prizeChances([
        { diamonds: 0, weight: 1 },
        { diamonds: 5, weight: 2 },
        { diamonds: 9, weight: null },
      ]),
    ).toEqual(['33.3%', '66.7%', null]);
    expect(prizeChances([{ diamonds: 0, weight: 0 }])).toEqual([null]);
  });
});

describe('spin prizes', () => {
  it('shows the settings, each prize’s chance and the cost figures, with a side-navigation entry', async () => {
    const api = spinsApi();
    renderApp('/spin-prizes');

    expect(await screen.findByLabelText('Spins on')).toBeChecked();
    expect(screen.getByLabelText('Diamonds per spin')).toHaveValue('600');
    expect(screen.getByLabelText('Prize 1 diamonds')).toHaveValue('0');
    expect(screen.getByLabelText('Prize 1 weight')).toHaveValue('50');
    expect(screen.getByLabelText('Prize 3 diamonds')).toHaveValue('1200');
    for (const chance of ['Chance 50%', 'Chance 30%', 'Chance 20%']) {
      expect(screen.getByText(chance)).toBeInTheDocument();
    }

    const cost = within(screen.getByRole('region', { name: 'What spins have cost' }));
    for (const [term, value] of [
      ['Spins granted', '1,234'],
      ['Spins used', '987'],
      ['Prize diamonds delivered', '45,600'],
      ['Prize diamonds on their way', '300'],
      ['Prizes whose delivery failed', '2'],
    ] as const) {
      expect(cost.getByText(term).nextElementSibling).toHaveTextContent(value);
    }

    await screen.findByText('BIGO refused: account frozen');
    expect(api.callsTo('GET /api/v1/rewards/prizes')[0]?.url.search).toBe('?page=1&page_size=5');
    const nav = within(screen.getByRole('navigation', { name: 'Console navigation' }));
    expect(nav.getByRole('link', { name: 'Spin prizes' })).toHaveAttribute('href', '/spin-prizes');
  });

  it('recomputes the chances as weights change and rows come and go', async () => {
    spinsApi();
    renderApp('/spin-prizes');
    const weight = await screen.findByLabelText('Prize 3 weight');
    await userEvent.clear(weight);
    await fill(weight, '120');
    expect(await screen.findByText('Chance 60%')).toBeInTheDocument();
    expect(screen.getByText('Chance 25%')).toBeInTheDocument();
    expect(screen.getByText('Chance 15%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    expect(await screen.findByLabelText('Prize 4 diamonds')).toHaveValue('');
    expect(screen.getByText('Chance —')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove prize 1' }));
    await waitFor(() => expect(screen.queryByLabelText('Prize 4 diamonds')).toBeNull());
    expect(screen.getByLabelText('Prize 1 diamonds')).toHaveValue('100');
    expect(screen.getByText('Chance 20%')).toBeInTheDocument();
    expect(screen.getByText('Chance 80%')).toBeInTheDocument();
  });

  it('takes no more than 12 rows', async () => {
    stubApi({
      'GET /api/v1/rewards/spin-settings': () =>
        ok(settings({ prizes: Array.from({ length: 12 }, (_, i) => ({ diamonds: i * 100, weight: 1 })) })),
      'GET /api/v1/rewards/prizes': prizePage,
    });
    renderApp('/spin-prizes');
    await screen.findByLabelText('Prize 12 diamonds');
    expect(screen.getByRole('button', { name: 'Add a prize' })).toBeDisabled();
    expect(screen.getAllByText('Chance 8.3%')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Remove prize 12' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a prize' })).toBeEnabled());
  });

  it('keeps the last row', async () => {
    stubApi({
      'GET /api/v1/rewards/spin-settings': () => ok(settings({ prizes: [{ diamonds: 100, weight: 1 }] })),
      'GET /api/v1/rewards/prizes': prizePage,
    });
    renderApp('/spin-prizes');
    await screen.findByLabelText('Prize 1 diamonds');
    expect(screen.getByRole('button', { name: 'Remove prize 1' })).toBeDisabled();
    expect(screen.getByText('Chance 100%')).toBeInTheDocument();
  });

  it('checks the shared rules with their messages before sending', async () => {
    const api = spinsApi();
    renderApp('/spin-prizes');
    const diamonds = await screen.findByLabelText('Prize 2 diamonds');
    await userEvent.clear(diamonds);
    await fill(diamonds, '1201');
    await waitFor(() => expect(itemOf('Prize 2 diamonds')).toHaveTextContent(PRIZE_MESSAGE));
    const weight = screen.getByLabelText('Prize 1 weight');
    await userEvent.clear(weight);
    await waitFor(() => expect(itemOf('Prize 1 weight')).toHaveTextContent(PRIZE_MESSAGE));
    const perSpin = screen.getByLabelText('Diamonds per spin');
    await userEvent.clear(perSpin);
    await fill(perSpin, '50');
    await waitFor(() =>
      expect(itemOf('Diamonds per spin')).toHaveTextContent(
        'Diamonds per spin: a whole number from 100 to 100,000',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save spin settings' }));
    await waitFor(() => expect(itemOf('Prize 2 diamonds')).toHaveTextContent(PRIZE_MESSAGE));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves every setting with PUT, says so and shows the saved settings', async () => {
    let saved = settings();
    const api = stubApi({
      'GET /api/v1/rewards/spin-settings': () => ok(saved),
      'GET /api/v1/rewards/prizes': prizePage,
      'PUT /api/v1/rewards/spin-settings': (call) => {
        saved = { ...saved, ...(call.body as Partial<TSpinSettings>) };
        return ok(saved);
      },
    });
    renderApp('/spin-prizes');
    await userEvent.click(await screen.findByLabelText('Spins on'));
    const perSpin = screen.getByLabelText('Diamonds per spin');
    await userEvent.clear(perSpin);
    await fill(perSpin, '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    await fill(await screen.findByLabelText('Prize 4 diamonds'), '500');
    await fill(screen.getByLabelText('Prize 4 weight'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save spin settings' }));

    expect(await screen.findByText('Spin settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/rewards/spin-settings')[0]?.body).toEqual({
      active: false,
      diamonds_per_spin: 1000,
      prizes: [
        { diamonds: 0, weight: 50 },
        { diamonds: 100, weight: 30 },
        { diamonds: 1200, weight: 20 },
        { diamonds: 500, weight: 5 },
      ],
    });
    await waitFor(() => expect(api.callsTo('GET /api/v1/rewards/spin-settings').length).toBeGreaterThan(1));
    expect(screen.getByLabelText('Spins on')).not.toBeChecked();
    expect(screen.getByLabelText('Prize 4 diamonds')).toHaveValue('500');
  });

  it('puts the server’s field errors under their rows', async () => {
    spinsApi({
      'PUT /api/v1/rewards/spin-settings': () =>
        fail(400, 'Some fields are not valid.', {
          errors: {
            'prizes.1.weight': MSG.spin_prizes_invalid,
            diamonds_per_spin: MSG.spin_per_spin_invalid,
          },
        }),
    });
    renderApp('/spin-prizes');
    await screen.findByLabelText('Prize 2 weight');
    await userEvent.click(screen.getByRole('button', { name: 'Save spin settings' }));
    await waitFor(() => expect(itemOf('Prize 2 weight')).toHaveTextContent(PRIZE_MESSAGE));
    expect(itemOf('Diamonds per spin')).toHaveTextContent(
      'Diamonds per spin: a whole number from 100 to 100,000',
    );
    expect(itemOf('Prize 1 weight')).not.toHaveTextContent(PRIZE_MESSAGE);
  });

  it('shows an error about the whole prize table under the table', async () => {
    spinsApi({
      'PUT /api/v1/rewards/spin-settings': () =>
        fail(400, 'Some fields are not valid.', { errors: { prizes: MSG.spin_prizes_invalid } }),
    });
    renderApp('/spin-prizes');
    await screen.findByLabelText('Prize 1 weight');
    await userEvent.click(screen.getByRole('button', { name: 'Save spin settings' }));
    const table = screen.getByRole('group', { name: 'Prize table' });
    await waitFor(() => expect(table).toHaveTextContent(PRIZE_MESSAGE));
  });

  it('lists the prizes drawn, filters the failed ones and sends one again', async () => {
    const api = spinsApi({ 'POST /api/v1/rewards/spins/11/resend': () => ok(prize({ delivery: 'queued' })) });
    renderApp('/spin-prizes');
    await screen.findByText('BIGO refused: account frozen');
    const failed = rowOf('EZ20250601ABCDEFGH_S1');
    expect(failed.getByText('alice01')).toBeInTheDocument();
    expect(failed.getByText('100 diamonds')).toBeInTheDocument();
    expect(failed.getByText('Failed')).toBeInTheDocument();
    const delivered = rowOf('EZ20250602ZZZZZZZZ_S1');
    expect(delivered.getByText('#9')).toBeInTheDocument();
    expect(delivered.getByText('Delivered')).toBeInTheDocument();
    expect(delivered.queryByRole('button', { name: /Send/ })).toBeNull();

    const filter = screen.getByLabelText('Delivery');
    await userEvent.click(filter);
    await userEvent.click(await screen.findByTitle('Failed'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/rewards/prizes').at(-1)?.url.searchParams.get('delivery')).toBe(
        'failed',
      ),
    );
    await waitFor(() => expect(screen.queryByText('EZ20250602ZZZZZZZZ_S1')).toBeNull());

    const settingsLoads = api.callsTo('GET /api/v1/rewards/spin-settings').length;
    await userEvent.click(screen.getByRole('button', { name: 'Send again: EZ20250601ABCDEFGH_S1' }));
    expect(await screen.findByText('Prize queued to be sent again')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/rewards/spins/11/resend')).toHaveLength(1);
    // The cost figures reload with the list.
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/rewards/spin-settings').length).toBeGreaterThan(settingsLoads),
    );
  });

  it('shows a refused resend in the popup', async () => {
    spinsApi({ 'POST /api/v1/rewards/spins/11/resend': () => fail(400, MSG.prize_not_failed) });
    renderApp('/spin-prizes');
    await screen.findByText('BIGO refused: account frozen');
    await userEvent.click(screen.getByRole('button', { name: 'Send again: EZ20250601ABCDEFGH_S1' }));
    expect(
      await screen.findByText('Only a prize whose delivery failed can be sent again', {
        selector: '.app-dialog__title',
      }),
    ).toBeInTheDocument();
  });

  it('in Chinese labels the fields, chances and figures', async () => {
    await setLanguage('zh');
    spinsApi();
    renderApp('/spin-prizes');
    expect(await screen.findByLabelText('开启抽奖')).toBeChecked();
    expect(screen.getByLabelText('奖品 1 钻石数')).toHaveValue('0');
    expect(screen.getByLabelText('奖品 2 权重')).toHaveValue('30');
    expect(screen.getByText('概率 50%')).toBeInTheDocument();
    expect(screen.getByText('已发放抽奖机会')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存抽奖设置' })).toBeInTheDocument();
  });
});

import { MSG } from '@ezrecharge/shared/messages';
import type { TBonusRecord, TMyRewards, TSpin } from '@ezrecharge/shared/schemas/rewards';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setUpConsoleTests } from '../../../test/console';
import { stubMatchMedia } from '../../../test/media-query';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TReply } from '../../../test/stub-api';
import { SPIN_ANIMATION_MS } from './spin-reel';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
  user: { is_superuser: false },
  clearCache: true,
});

function spin(overrides: Partial<TSpin> = {}): TSpin {
  return {
    id: 1,
    state: 'available',
    order_num: 'EZ20250601ABCDEFGH',
    game_id: '12345678',
    prize_diamonds: null,
    delivery: null,
    created_at: '2025-06-01T10:00:00.000Z',
    spun_at: null,
    delivered_at: null,
    ...overrides,
  };
}

function bonus(overrides: Partial<TBonusRecord> = {}): TBonusRecord {
  return {
    kind: 'code',
    name: 'Hari Raya code',
    code: 'RAYA100',
    diamonds: 100,
    state: 'delivered',
    order_num: 'EZ20250601ABCDEFGH',
    created_at: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Two available spins (id 3 the newer, id 2 the older), one pending, one spun and delivered, one withdrawn. */
function rewards(overrides: Partial<TMyRewards> = {}): TMyRewards {
  return {
    spins_active: true,
    diamonds_per_spin: 600,
    progress_diamonds: 250,
    prize_amounts: [0, 50, 100, 1200],
    spins: [
      spin({ id: 3, created_at: '2025-06-03T10:00:00.000Z' }),
      spin({ id: 2, created_at: '2025-06-02T10:00:00.000Z' }),
      spin({ id: 5, state: 'pending', order_num: 'EZ20250605PENDING1' }),
      spin({
        id: 1,
        state: 'spun',
        game_id: '87654321',
        prize_diamonds: 50,
        delivery: 'delivered',
        spun_at: '2025-06-01T11:00:00.000Z',
      }),
      spin({ id: 4, state: 'withdrawn', order_num: 'EZ20250604REFUNDED' }),
    ],
    bonuses: [
      bonus(),
      bonus({ kind: 'welcome', name: 'Welcome bonus', code: null, diamonds: 50, state: 'granted' }),
    ],
    ...overrides,
  };
}

/** The page's own status region (the loading spinner and toasts are statuses too). */
const resultStatus = (): HTMLElement => document.querySelector('.rewards-spin__status') as HTMLElement;

const spinButton = () => screen.getByRole('button', { name: 'Spin' });

function reduceMotion(): void {
  stubMatchMedia((query) => query.includes('min-width') || query === '(prefers-reduced-motion: reduce)');
}

describe('rewards page', () => {
  it('shows the spins, what unlocks the pending one, the progress and the history', async () => {
    stubApi({ 'GET /api/v1/rewards/me': () => ok(rewards()) });
    renderApp('/rewards');

    expect(await screen.findByText('2 spins available')).toBeInTheDocument();
    expect(screen.getByText('1 spin unlocks once order EZ20250605PENDING1 is delivered')).toBeInTheDocument();
    expect(screen.getByText('250 of 600 diamonds towards your next spin')).toBeInTheDocument();
    expect(spinButton()).toBeEnabled();

    const prizes = within(screen.getByRole('table', { name: 'Prizes' }));
    // Only the spun spin is a prize; available, pending and withdrawn ones are not.
    expect(prizes.getAllByRole('row')).toHaveLength(2);
    const prize = within(prizes.getAllByRole('row')[1] as HTMLElement);
    expect(prize.getByText('50 diamonds')).toBeInTheDocument();
    expect(prize.getByText('87654321')).toBeInTheDocument();
    expect(prize.getByText('Delivered')).toBeInTheDocument();

    const bonuses = within(screen.getByRole('table', { name: 'Bonuses' }));
    expect(bonuses.getAllByRole('row')).toHaveLength(3);
    const code = within(bonuses.getByText('Hari Raya code').closest('tr') as HTMLElement);
    expect(code.getByText('RAYA100')).toBeInTheDocument();
    expect(code.getByText('100')).toBeInTheDocument();
    expect(code.getByText('EZ20250601ABCDEFGH')).toBeInTheDocument();
    const welcome = within(bonuses.getByText('Welcome bonus').closest('tr') as HTMLElement);
    expect(welcome.getByText('On its way')).toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Console navigation' }));
    expect(nav.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/rewards');
  });

  it('in Chinese names the counts, the tables and the delivery states', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/rewards/me': () => ok(rewards()) });
    renderApp('/rewards');

    expect(await screen.findByText('可用抽奖机会：2 次')).toBeInTheDocument();
    expect(screen.getByText('订单 EZ20250605PENDING1 的钻石到账后，可解锁 1 次抽奖')).toBeInTheDocument();
    expect(screen.getByText('距离下一次抽奖：已累计 250 / 600 钻石')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '抽奖' })).toBeEnabled();
    const prizes = within(screen.getByRole('table', { name: '奖品' }));
    expect(prizes.getByText('50 钻石')).toBeInTheDocument();
    expect(prizes.getByText('已到账')).toBeInTheDocument();
    const bonuses = within(screen.getByRole('table', { name: '赠送钻石记录' }));
    expect(bonuses.getByText('发放中')).toBeInTheDocument();
  });

  it('spins the oldest available spin, rolls the reel, then announces the prize and reloads', async () => {
    let loads = 0;
    const api = stubApi({
      'GET /api/v1/rewards/me': () => {
        loads += 1;
        return ok(rewards());
      },
      'POST /api/v1/rewards/spins/2/spin': () =>
        ok({
          spin: spin({
            id: 2,
            state: 'spun',
            prize_diamonds: 100,
            delivery: 'queued',
            spun_at: '2025-06-04T00:00:00Z',
          }),
          available: 1,
        }),
    });
    renderApp('/rewards');
    await screen.findByText('2 spins available');

    await userEvent.click(spinButton());
    expect(api.callsTo('POST /api/v1/rewards/spins/2/spin')).toHaveLength(1);
    expect(api.callsTo('POST /api/v1/rewards/spins/2/spin')[0]?.body).toBeUndefined();
    // The reel rolls: the button waits and the result is not told before the reel stops on it.
    await waitFor(() => expect(document.querySelector('.rewards-reel--rolling')).not.toBeNull());
    expect(resultStatus()).toHaveTextContent('Spinning…');
    expect(resultStatus()).toHaveAttribute('role', 'status');
    expect(spinButton()).toBeDisabled();
    // A browser drops the focus of a button that becomes disabled, to the body; jsdom keeps it (and will not blur a
    // disabled button), so the focus goes to the body the way it can there.
    const elsewhere = screen.getByRole('link', { name: 'Rewards' });
    elsewhere.focus();
    elsewhere.blur();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByText('1 spin available')).toBeInTheDocument();
    const loadsBeforeLanding = loads;

    // The reel stops when its transition ends (well before the fallback timer of SPIN_ANIMATION_MS).
    fireEvent.transitionEnd(document.querySelector('.rewards-reel__strip') as HTMLElement);
    await waitFor(
      () => expect(resultStatus()).toHaveTextContent('You won 100 diamonds — on its way to BIGO ID 12345678'),
      { timeout: SPIN_ANIMATION_MS / 2 },
    );
    expect(document.querySelector('.rewards-reel__row--won')).toHaveTextContent('100');
    await waitFor(() => expect(loads).toBeGreaterThan(loadsBeforeLanding));
    // The keyboard focus is back on the button, ready for the next spin.
    expect(spinButton()).toBeEnabled();
    expect(spinButton()).toHaveFocus();
  });

  it('under prefers-reduced-motion shows the result at once, without rolling', async () => {
    reduceMotion();
    stubApi({
      'GET /api/v1/rewards/me': () => ok(rewards({ spins: [spin({ id: 2 })] })),
      'POST /api/v1/rewards/spins/2/spin': () =>
        ok({ spin: spin({ id: 2, state: 'spun', prize_diamonds: 0, delivery: 'none' }), available: 0 }),
    });
    renderApp('/rewards');
    await screen.findByText('1 spin available');

    await userEvent.click(spinButton());
    // At once: well before the reel would have rolled.
    await waitFor(() => expect(resultStatus()).toHaveTextContent('No prize this time'), {
      timeout: SPIN_ANIMATION_MS / 2,
    });
    expect(document.querySelector('.rewards-reel--rolling')).toBeNull();
    expect(document.querySelector('.rewards-reel')).toHaveClass('rewards-reel--still');
    // The one spin is spent: nothing left to spin.
    expect(screen.getByText('0 spins available')).toBeInTheDocument();
    expect(spinButton()).toBeDisabled();
  });

  it('says when spins are paused and offers no spin', async () => {
    stubApi({ 'GET /api/v1/rewards/me': () => ok(rewards({ spins_active: false })) });
    renderApp('/rewards');
    expect(
      await screen.findByText('Spins are paused at the moment; your spins are kept for later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 spins available')).toBeInTheDocument();
    expect(spinButton()).toBeDisabled();
  });

  it('shows a refused spin in the active language and reloads the spins', async () => {
    reduceMotion();
    await setLanguage('zh');
    let paused = false;
    const reply = (): TReply => ok(rewards({ spins_active: !paused }));
    stubApi({
      'GET /api/v1/rewards/me': reply,
      'POST /api/v1/rewards/spins/2/spin': () => {
        paused = true;
        return fail(409, MSG.spins_paused);
      },
    });
    renderApp('/rewards');
    await userEvent.click(await screen.findByRole('button', { name: '抽奖' }));
    expect(
      await screen.findByText('抽奖暂时停止；您的抽奖机会会为您保留', { selector: '.app-toast__text' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('抽奖暂时停止；您的抽奖机会会为您保留。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '抽奖' })).toBeDisabled();
    expect(resultStatus()).toHaveTextContent('');
  });

  it('says so when there is nothing yet', async () => {
    stubApi({
      'GET /api/v1/rewards/me': () => ok(rewards({ spins: [], bonuses: [], progress_diamonds: 0 })),
    });
    renderApp('/rewards');
    expect(await screen.findByText('0 spins available')).toBeInTheDocument();
    expect(screen.getByText('0 of 600 diamonds towards your next spin')).toBeInTheDocument();
    expect(screen.getByText('No prizes yet.')).toBeInTheDocument();
    expect(screen.getByText('No bonus diamonds yet.')).toBeInTheDocument();
    expect(spinButton()).toBeDisabled();
  });
});

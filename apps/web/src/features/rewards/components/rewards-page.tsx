import { ThunderboltOutlined } from '@ant-design/icons';
import type { TMyRewards, TSpin } from '@ezrecharge/shared/schemas/rewards';
import { MAX_SPIN_PRIZE } from '@ezrecharge/shared/spins';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { formatDiamonds } from '../../../lib/money-format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { reportRefusal, useToastedMutation } from '../../../lib/use-toasted-mutation';
import { rewardsQueryKey, useGetMyRewards } from '../api/get-my-rewards';
import { useSpin } from '../api/spin';
import { RewardHistory } from './reward-history';
import { SpinReel, type TReelPhase } from './spin-reel';
import './rewards.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Rewards /rewards (issue #16, signed-in buyers): the spins they have, what unlocks the pending ones and how far the
 * next one is; a Spin button that spins the oldest available spin on a reel of the prize amounts; and the history of
 * prizes and bonus diamonds.
 */
export function RewardsPage() {
  const { t } = useTranslation('rewards');
  const rewards = useGetMyRewards();
  return (
    <div className="rewards-page">
      <PageHeader title={t('title')} description={t('description')} />
      {rewards.isPending ? (
        <PageLoading />
      ) : rewards.isError ? (
        <div className="console-panel">
          <LoadFailed onRetry={() => void rewards.refetch()} />
        </div>
      ) : (
        <>
          <SpinPanel rewards={rewards.data} />
          <RewardHistory rewards={rewards.data} />
        </>
      )}
    </div>
  );
}

/** The spins that can be spun now, oldest first (the page always spins the oldest). */
function availableSpins(spins: readonly TSpin[], spent: readonly number[]): TSpin[] {
  return spins
    .filter((spin) => spin.state === 'available' && !spent.includes(spin.id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** Pending spins by the order that earned them, in the order the server lists them. */
function pendingByOrder(spins: readonly TSpin[]): { orderNum: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const spin of spins) {
    if (spin.state === 'pending') counts.set(spin.order_num, (counts.get(spin.order_num) ?? 0) + 1);
  }
  return [...counts].map(([orderNum, count]) => ({ orderNum, count }));
}

function SpinPanel({ rewards }: { rewards: TMyRewards }) {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [phase, setPhase] = useState<TReelPhase>('idle');
  const [result, setResult] = useState<TSpin | null>(null);
  // Spins spun on this page: not offered again while the reload that marks them spun is on its way.
  const [spent, setSpent] = useState<readonly number[]>([]);
  const landedOnce = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button is disabled while the reel rolls, which drops the keyboard focus: it comes back once it may spin again.
  const refocus = useRef(false);

  const available = availableSpins(rewards.spins, spent);
  const pending = pendingByOrder(rewards.spins);
  const busy = phase === 'drawing' || phase === 'rolling';
  const canSpin = rewards.spins_active && available.length > 0 && !busy;

  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    if (document.activeElement === document.body) button.current?.focus();
  }, [busy]);

  const reload = (): Promise<void> => queryClient.invalidateQueries({ queryKey: rewardsQueryKey });

  /** The reel has stopped: the result shows (status region) and the history reloads with the new prize. */
  const land = (): void => {
    if (landedOnce.current) return;
    landedOnce.current = true;
    setPhase('landed');
    void reload();
  };

  // No toast: the reel and the status region say what was won.
  const spin = useToastedMutation(useSpin(), {
    onError: (error) => {
      // 409 (pending, withdrawn, paused) and 404 were toasted by the API client in the active language.
      reportRefusal(error);
      setPhase('idle');
      void reload();
    },
    onSuccess: (answer, id) => {
      setSpent((ids) => [...ids, id]);
      setResult(answer.spin);
      if (reducedMotion) land();
      else setPhase('rolling');
    },
  });

  const onSpin = async (): Promise<void> => {
    const oldest = available[0];
    if (!oldest || busy) return;
    landedOnce.current = false;
    refocus.current = document.activeElement === button.current;
    setResult(null);
    setPhase('drawing');
    await spin.run(oldest.id);
  };

  const status = (): string => {
    if (busy) return t('spins.spinning');
    if (phase !== 'landed' || !result) return '';
    const diamonds = result.prize_diamonds ?? 0;
    return diamonds > 0
      ? t('spins.won', { diamonds: formatDiamonds(diamonds), id: result.game_id })
      : t('spins.noPrize');
  };

  const perSpin = rewards.diamonds_per_spin;
  const progress = Math.min(rewards.progress_diamonds, perSpin);
  return (
    <section className="console-panel rewards-spin" aria-labelledby="rewards-spins-heading">
      <h2 id="rewards-spins-heading" className="rewards-page__heading">
        {t('spins.heading')}
      </h2>
      {!rewards.spins_active && (
        <Alert className="rewards-spin__paused" type="warning" showIcon title={t('spins.paused')} />
      )}
      <div className="rewards-spin__body">
        <div className="rewards-spin__facts">
          <p className="rewards-spin__count">{t('spins.available', { count: available.length })}</p>
          {pending.length > 0 && (
            <ul className="rewards-spin__pending">
              {pending.map(({ orderNum, count }) => (
                <li key={orderNum}>{t('spins.pending', { count, orderNum })}</li>
              ))}
            </ul>
          )}
          <div className="rewards-spin__progress">
            <p>
              {t('spins.progress', { progress: formatDiamonds(progress), perSpin: formatDiamonds(perSpin) })}
            </p>
            <div aria-hidden="true">
              <Progress percent={perSpin > 0 ? (progress / perSpin) * 100 : 0} showInfo={false} />
            </div>
          </div>
          <p className="rewards-spin__earn">
            {t('spins.earn', { perSpin: formatDiamonds(perSpin), max: formatDiamonds(MAX_SPIN_PRIZE) })}
          </p>
        </div>
        <div className="rewards-spin__play">
          <SpinReel
            amounts={rewards.prize_amounts}
            prize={result?.prize_diamonds ?? null}
            phase={phase}
            reducedMotion={reducedMotion}
            onLanded={land}
          />
          <Button
            ref={button}
            type="primary"
            size="large"
            icon={<ThunderboltOutlined aria-hidden="true" />}
            disabled={!canSpin}
            onClick={() => void onSpin()}
          >
            {t('spins.spin')}
          </Button>
          <p className="rewards-spin__status" role="status">
            {status()}
          </p>
        </div>
      </div>
    </section>
  );
}

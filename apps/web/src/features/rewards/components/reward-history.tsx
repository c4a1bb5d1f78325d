import type { TMyRewards } from '@ezrecharge/shared/schemas/rewards';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds } from '../../../lib/money-format';

const DELIVERY_COLORS: Record<string, string | undefined> = {
  queued: 'processing',
  charging: 'processing',
  delivered: 'success',
  failed: 'error',
};

const BONUS_COLORS: Record<string, string | undefined> = {
  granted: 'processing',
  delivered: 'success',
  withdrawn: 'default',
};

/**
 * The history of the rewards page: the prizes of spun spins and the bonus diamonds of the buyer's orders, each a
 * table named by its heading (both lists are short: the server sends the latest 100).
 */
export function RewardHistory({ rewards }: { rewards: TMyRewards }) {
  const { t } = useTranslation('rewards');
  const dateFormat = t('dateFormat');
  const date = (iso: string) => <time dateTime={iso}>{dayjs(iso).format(dateFormat)}</time>;
  const prizes = rewards.spins.filter((spin) => spin.state === 'spun');

  return (
    <>
      <section className="console-panel rewards-history" aria-labelledby="rewards-prizes-heading">
        <h2 id="rewards-prizes-heading" className="rewards-page__heading">
          {t('history.prizes')}
        </h2>
        {prizes.length === 0 ? (
          <p className="rewards-history__empty">{t('history.noPrizes')}</p>
        ) : (
          <table className="rewards-history__table" aria-labelledby="rewards-prizes-heading">
            <thead>
              <tr>
                <th scope="col">{t('history.columns.date')}</th>
                <th scope="col">{t('history.columns.prize')}</th>
                <th scope="col">{t('history.columns.gameId')}</th>
                <th scope="col">{t('history.columns.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {prizes.map((spin) => {
                const diamonds = spin.prize_diamonds ?? 0;
                const delivery = spin.delivery ?? 'none';
                return (
                  <tr key={spin.id}>
                    <td>{date(spin.spun_at ?? spin.created_at)}</td>
                    <td>
                      {diamonds > 0
                        ? t('history.diamonds', { diamonds: formatDiamonds(diamonds) })
                        : t('history.noPrize')}
                    </td>
                    <td translate="no">{spin.game_id}</td>
                    <td>
                      <Tag color={DELIVERY_COLORS[delivery]}>{t(`delivery.${delivery}`)}</Tag>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className="console-panel rewards-history" aria-labelledby="rewards-bonuses-heading">
        <h2 id="rewards-bonuses-heading" className="rewards-page__heading">
          {t('history.bonuses')}
        </h2>
        {rewards.bonuses.length === 0 ? (
          <p className="rewards-history__empty">{t('history.noBonuses')}</p>
        ) : (
          <table className="rewards-history__table" aria-labelledby="rewards-bonuses-heading">
            <thead>
              <tr>
                <th scope="col">{t('history.columns.date')}</th>
                <th scope="col">{t('history.columns.order')}</th>
                <th scope="col">{t('history.columns.bonus')}</th>
                <th scope="col">{t('history.columns.diamonds')}</th>
                <th scope="col">{t('history.columns.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rewards.bonuses.map((bonus, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order may hold two bonuses; they have no id
                <tr key={`${bonus.order_num}-${index}`}>
                  <td>{date(bonus.created_at)}</td>
                  <td className="rewards-history__mono" translate="no">
                    {bonus.order_num}
                  </td>
                  <td>
                    {bonus.name}
                    {bonus.code && (
                      <span className="rewards-history__code" translate="no">
                        {bonus.code}
                      </span>
                    )}
                  </td>
                  <td>{formatDiamonds(bonus.diamonds)}</td>
                  <td>
                    <Tag color={BONUS_COLORS[bonus.state]}>{t(`bonusState.${bonus.state}`)}</Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

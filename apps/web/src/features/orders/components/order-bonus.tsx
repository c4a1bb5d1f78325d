import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { useTranslation } from 'react-i18next';
import { formatDiamonds } from '../../../lib/money-format';

/**
 * Issue #16: an order's diamonds as bought plus its bonus ("4,100 + 100 bonus diamonds"), and the bonus alone
 * when the order has none ("4,100").
 */
export function OrderDiamonds({ order }: { order: Pick<TOrder, 'amount_game' | 'bonus_game'> }) {
  const { t } = useTranslation('orders');
  if (order.bonus_game <= 0) return <>{formatDiamonds(order.amount_game)}</>;
  return (
    <>
      {t('bonus.total', {
        diamonds: formatDiamonds(order.amount_game),
        bonus: formatDiamonds(order.bonus_game),
      })}
    </>
  );
}

/** Each bonus of the order by name and diamonds; a withdrawn one (refund) is marked and struck through. */
export function OrderBonuses({ bonuses }: { bonuses: TOrder['bonuses'] }) {
  const { t } = useTranslation('orders');
  return (
    <ul className="order-bonuses">
      {bonuses.map((bonus, index) => {
        const line = t('bonus.line', { name: bonus.name, diamonds: formatDiamonds(bonus.diamonds) });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's bonuses keep their order and have no id
          <li key={index} className={bonus.state === 'withdrawn' ? 'order-bonuses__withdrawn' : undefined}>
            {bonus.state === 'withdrawn' ? (
              <>
                <del>{line}</del> ({t('bonus.withdrawn')})
              </>
            ) : (
              line
            )}
          </li>
        );
      })}
    </ul>
  );
}

import { FireFilled } from '@ant-design/icons';
import { FIRE_ICON_MIN_DIAMONDS } from '@ezrecharge/shared/limits';
import type { TPriceSelect } from '@ezrecharge/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';

export type TPack = TPriceSelect['prices'][string][number];

interface TPriceTilesProps {
  packs: readonly TPack[];
  /** The id of the element holding the field's visible label. */
  labelledBy: string;
  /** Set by Form.Item: the field id, the chosen price id and its change handler. */
  id?: string;
  value?: number;
  onChange?: (priceId: number) => void;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * The packs of one currency as tiles (SPEC.md §2, §4). Each tile is a native radio button inside its label, so
 * arrow keys move between packs and a screen reader hears "42,000 diamonds for SGD 999.00, big pack"; packs of
 * FIRE_ICON_MIN_DIAMONDS or more carry the fire icon (SPEC.md §9).
 */
export function PriceTiles({ packs, labelledBy, id, value, onChange, ...rest }: TPriceTilesProps) {
  const { t } = useTranslation('recharge');
  return (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={rest['aria-invalid']}
      className="price-tiles"
    >
      {packs.map((pack) => {
        const checked = pack.id === value;
        const big = pack.game_amount >= FIRE_ICON_MIN_DIAMONDS;
        const diamonds = formatDiamonds(pack.game_amount);
        const price = formatPrice(pack.currency, pack.unit_amount);
        return (
          <label key={pack.id} className={checked ? 'price-tile is-checked' : 'price-tile'}>
            <input
              type="radio"
              className="visually-hidden"
              name={id ?? 'price_id'}
              value={pack.id}
              checked={checked}
              onChange={() => onChange?.(pack.id)}
              aria-label={t(big ? 'tile.nameBig' : 'tile.name', { diamonds, price })}
            />
            {big && (
              <span className="price-tile__badge" title={t('tile.big')}>
                <FireFilled aria-hidden="true" />
              </span>
            )}
            <span className="price-tile__diamonds">{diamonds}</span>
            <span className="price-tile__unit">{t('tile.diamonds')}</span>
            <span className="price-tile__price">{price}</span>
          </label>
        );
      })}
    </div>
  );
}

import { FIRE_ICON_MIN_DIAMONDS } from '@ezrecharge/shared/limits';
import type { TPriceSelect } from '@ezrecharge/shared/schemas/catalogue';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FireIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';

export type TPack = TPriceSelect['prices'][string][number];

interface TPriceTilesProps {
  packs: readonly TPack[];
  /** The id of the element holding the field's visible label. */
  labelledBy: string;
  /** The group's id (the form focuses the chosen or first pack through it). */
  id: string;
  /** The chosen price id. */
  value: number | undefined;
  onChange: (priceId: number) => void;
  invalid?: boolean;
  /** Ids of the elements describing the group (its error). */
  describedBy?: string;
}

/**
 * The packs of one currency as tiles (SPEC.md §2, §4). Each tile is a native radio button inside its label, so
 * arrow keys move between packs and a screen reader hears "42,000 diamonds for SGD 999.00, big pack"; packs of
 * FIRE_ICON_MIN_DIAMONDS or more carry the fire icon (SPEC.md §9). Memo: the form around it changes on every tap.
 */
export const PriceTiles = memo(function PriceTiles({
  packs,
  labelledBy,
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: TPriceTilesProps) {
  const { t } = useTranslation('recharge');
  return (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
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
              name={id}
              value={pack.id}
              checked={checked}
              onChange={() => onChange(pack.id)}
              aria-label={t(big ? 'tile.nameBig' : 'tile.name', { diamonds, price })}
            />
            {big && (
              <span className="price-tile__badge" title={t('tile.big')}>
                <FireIcon />
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
});

/** How many placeholder tiles hold the packs' place while they load: the seeded catalogue sells six per currency. */
const PLACEHOLDER_TILES = 6;

/**
 * The tiles' place while the packs load, tile for tile as tall as the real ones (the same classes and lines), so
 * nothing below the packs moves when they arrive; the loading text sits over them.
 */
export function PriceTilesLoading({ label }: { label: string }) {
  return (
    <div className="price-tiles price-tiles--loading">
      {Array.from({ length: PLACEHOLDER_TILES }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, always the same count
        <div key={i} className="price-tile price-tile--placeholder" aria-hidden="true">
          <span className="price-tile__diamonds">&nbsp;</span>
          <span className="price-tile__unit">&nbsp;</span>
          <span className="price-tile__price">&nbsp;</span>
        </div>
      ))}
      <div className="price-tiles__status" role="status">
        <Spinner />
        <span>{label}</span>
      </div>
    </div>
  );
}

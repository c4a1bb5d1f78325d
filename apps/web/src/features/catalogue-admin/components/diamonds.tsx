import { FireFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDiamonds } from '../../../lib/money-format';
import { isBigPack } from '../utils/format';

/** A pack's diamonds, with the SPEC.md §9 fire icon from 40 000 diamonds up. */
export function Diamonds({ amount }: { amount: number }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <span className="catalogue-admin__number">
      {formatDiamonds(amount)}
      {/* The slot is kept for every pack, so right-aligned numbers line up whether or not they have the fire. */}
      <span className="catalogue-admin__fire-slot">
        {isBigPack(amount) && (
          <FireFilled
            className="catalogue-admin__fire"
            role="img"
            aria-label={t('prices.bigPack')}
            title={t('prices.bigPack')}
          />
        )}
      </span>
    </span>
  );
}

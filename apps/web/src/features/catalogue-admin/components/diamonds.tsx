import { FireFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDiamonds, isBigPack } from '../utils/format';

/** A pack's diamonds, with the SPEC.md §9 fire icon from 40 000 diamonds up. */
export function Diamonds({ amount }: { amount: number }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <span className="catalogue-admin__number">
      {formatDiamonds(amount)}
      {isBigPack(amount) && (
        <FireFilled
          className="catalogue-admin__fire"
          role="img"
          aria-label={t('prices.bigPack')}
          title={t('prices.bigPack')}
        />
      )}
    </span>
  );
}

import { orderStatusI18nKey, type TOrderStatus } from '@ezrecharge/shared/order-status';
import { useTranslation } from 'react-i18next';

type TBadgeTone = 'waiting' | 'moving' | 'done' | 'ended' | 'problem';

/** The console tag's colours (order-status-tag.tsx) by meaning: waiting, moving, done, ended, or a problem. */
const TONES: Record<TOrderStatus, TBadgeTone> = {
  1: 'problem',
  2: 'waiting',
  3: 'waiting',
  4: 'ended',
  5: 'problem',
  6: 'ended',
  7: 'moving',
  8: 'moving',
  9: 'done',
  10: 'problem',
  11: 'moving',
  12: 'done',
  13: 'problem',
};

/**
 * An order status as a small coloured badge with its SPEC.md §4 label in the active language: the storefront's
 * version of the console's OrderStatusTag, without Ant Design.
 */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={`order-status-badge is-${TONES[status]}`}>{t(orderStatusI18nKey(status))}</span>;
}

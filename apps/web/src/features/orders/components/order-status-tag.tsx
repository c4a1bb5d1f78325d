import { orderStatusI18nKey, type TOrderStatus } from '@ezrecharge/shared/order-status';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours by what a status means to the buyer: waiting, moving, done, or ended without diamonds. */
const COLOURS: Record<TOrderStatus, string> = {
  1: 'red',
  2: 'gold',
  3: 'gold',
  4: 'default',
  5: 'red',
  6: 'default',
  7: 'processing',
  8: 'processing',
  9: 'success',
  10: 'red',
  11: 'processing',
  12: 'success',
  13: 'red',
};

/** An order status as a coloured tag with its SPEC.md §4 label in the active language. */
export function OrderStatusTag({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('orders');
  return <Tag color={COLOURS[status]}>{t(orderStatusI18nKey(status))}</Tag>;
}

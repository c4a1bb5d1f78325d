import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';

export function BackToProducts() {
  const { t } = useTranslation('catalogue-admin');
  return <BackLink to={listAddress(routePath('product'))}>{t('products.back')}</BackLink>;
}

export function BackToPrices({ productId }: { productId: number }) {
  const { t } = useTranslation('catalogue-admin');
  return <BackLink to={listAddress(routePath('price', { id: productId }))}>{t('prices.back')}</BackLink>;
}

/** An edit or price screen opened without a usable id in its address. */
export function BadId() {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="catalogue-admin__bad-id">
      {t('oops')}
    </p>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../lib/routes';

export function BackToProducts() {
  const { t } = useTranslation('catalogue-admin');
  return (
    <Link to={routePath('product')}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('products.back')}
    </Link>
  );
}

export function BackToPrices({ productId }: { productId: number }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <Link to={routePath('price', { id: productId })}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('prices.back')}
    </Link>
  );
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

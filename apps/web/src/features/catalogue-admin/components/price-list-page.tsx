import { SyncOutlined } from '@ant-design/icons';
import type { TPrice } from '@ezrecharge/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AdminListPage,
  deleteAction,
  editAction,
  type TRowActions,
  useListQuery,
} from '../../../components/admin-list';
import { PageHeader } from '../../../components/page-header';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useDeletePrice } from '../api/delete-price';
import { useGetPrices, ZPriceFilters } from '../api/get-prices';
import { useGetProduct } from '../api/get-product';
import { useSyncPrice } from '../api/sync-price';
import { parseId } from '../utils/format';
import { BackToProducts, BadId } from './back-links';
import { usePackName, usePriceColumns, usePriceFilters } from './price-list-parts';
import './catalogue-admin.css';

/** Price list /price?id=<product id> (SPEC.md §2, §5, §8, §9). */
export function PriceListPage() {
  const { t } = useTranslation('catalogue-admin');
  const [searchParams] = useSearchParams();
  const productId = parseId(searchParams.get('id'));
  if (!productId) {
    return (
      <div className="catalogue-admin">
        <PageHeader title={t('prices.titlePlain')} back={<BackToProducts />} />
        <div className="console-panel">
          <BadId />
        </div>
      </div>
    );
  }
  return <PriceList productId={productId} />;
}

function PriceList({ productId }: { productId: number }) {
  const { t } = useTranslation(['catalogue-admin', 'common']);
  const { t: texts } = useTranslation('catalogue-admin', { keyPrefix: 'prices' });
  const list = useListQuery(ZPriceFilters);
  const product = useGetProduct(productId);
  const prices = useGetPrices({ ...list.query, productId });
  const remove = useToastedMutation(useDeletePrice(), { success: (message) => message });
  const sync = useToastedMutation(useSyncPrice(), { success: ({ message }) => message });

  const columns = usePriceColumns();
  const packName = usePackName();
  const filters = usePriceFilters();

  const actions: TRowActions<TPrice> = {
    title: t('prices.columns.actions'),
    width: 270,
    items: [
      editAction({
        label: t('prices.actions.edit'),
        name: (price) => t('prices.actions.editOf', { name: packName(price) }),
        to: (price) => routePath('price-edit', { product_id: price.product_id, id: price.id }),
      }),
      {
        key: 'sync',
        label: t('prices.actions.sync'),
        name: (price) => t('prices.actions.syncOf', { name: packName(price) }),
        icon: SyncOutlined,
        pending: (price) => sync.isRunning(price.id),
        onRun: (price) => sync.run(price.id),
      },
      deleteAction({
        label: t('prices.actions.delete'),
        name: (price) => t('prices.actions.deleteOf', { name: packName(price) }),
        onRun: (price) => remove.run(price.id),
      }),
    ],
  };

  return (
    <AdminListPage
      className="catalogue-admin"
      texts={texts}
      title={product.data ? t('prices.title', { name: product.data.name }) : t('prices.titlePlain')}
      back={<BackToProducts />}
      addTo={routePath('price-add', { product_id: productId })}
      list={list}
      rows={prices}
      name="price-filters"
      filters={filters}
      columns={columns}
      actions={actions}
      scrollX={940}
      cards={{ lead: ['product', 'code'] }}
    />
  );
}

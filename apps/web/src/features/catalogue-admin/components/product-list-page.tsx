import { CloudUploadOutlined, StopOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type TProduct, ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdminListPage,
  deleteAction,
  editAction,
  type TRowActions,
  useListQuery,
} from '../../../components/admin-list';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useDeleteProduct } from '../api/delete-product';
import { useGetProducts } from '../api/get-products';
import { useToggleRelease } from '../api/release-product';
import { useSyncProducts } from '../api/sync-products';
import { useProductColumns, useProductFilters } from './product-list-parts';
import './catalogue-admin.css';

/**
 * Product list /product (SPEC.md §2, §4, §5, §8, §9): filters, table, release/unrelease, sync, edit, delete with
 * confirmation, price list, add, pagination. A refused delete, release or sync shows the server's message in the
 * error popup, and the list reloads after each of them whether it worked or not.
 */
export function ProductListPage() {
  const { t } = useTranslation(['catalogue-admin', 'common']);
  const { t: texts } = useTranslation('catalogue-admin', { keyPrefix: 'products' });
  const list = useListQuery(ZProductListQuery);
  const products = useGetProducts(list.query);
  const columns = useProductColumns();
  const filters = useProductFilters();
  const remove = useToastedMutation(useDeleteProduct(), { success: (message) => message });
  const release = useToastedMutation(useToggleRelease(), { success: ({ message }) => message });
  const sync = useToastedMutation(useSyncProducts(), { success: ({ message }) => message });

  /** Release and unrelease: one button, whichever the product's state allows. */
  const releaseAction = (released: boolean) => ({
    key: released ? 'unrelease' : 'release',
    label: t(released ? 'products.actions.unrelease' : 'products.actions.release'),
    name: (product: TProduct) =>
      t(released ? 'products.actions.unreleaseOf' : 'products.actions.releaseOf', { name: product.name }),
    icon: released ? StopOutlined : CloudUploadOutlined,
    danger: released,
    shownIf: (product: TProduct) => product.release === released,
    pending: (product: TProduct) => release.isRunning(product.id),
    onRun: (product: TProduct) => release.run(product.id),
  });

  const actions: TRowActions<TProduct> = {
    title: t('products.columns.actions'),
    width: 250,
    className: 'catalogue-admin__actions',
    items: [
      releaseAction(true),
      releaseAction(false),
      {
        key: 'prices',
        label: t('products.actions.prices'),
        name: (product) => t('products.actions.pricesOf', { name: product.name }),
        icon: UnorderedListOutlined,
        to: (product) => routePath('price', { id: product.id }),
      },
      editAction({
        label: t('products.actions.edit'),
        name: (product) => t('products.actions.editOf', { name: product.name }),
        to: (product) => routePath('product-edit', { id: product.id }),
      }),
      deleteAction({
        label: t('products.actions.delete'),
        name: (product) => t('products.actions.deleteOf', { name: product.name }),
        onRun: (product) => remove.run(product.id),
      }),
    ],
  };

  return (
    <AdminListPage
      className="catalogue-admin"
      texts={texts}
      extra={
        <Button
          icon={<SyncOutlined aria-hidden="true" />}
          loading={sync.isPending}
          onClick={() => void sync.run()}
        >
          {t('products.sync')}
        </Button>
      }
      addTo={routePath('product-add')}
      list={list}
      rows={products}
      name="product-filters"
      filters={filters}
      columns={columns}
      actions={actions}
      scrollX={960}
      cards={{ lead: ['name', 'release'] }}
    />
  );
}

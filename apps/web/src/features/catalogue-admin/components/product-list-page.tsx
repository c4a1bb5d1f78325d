import {
  CloudUploadOutlined,
  PictureOutlined,
  PlusOutlined,
  StopOutlined,
  SyncOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type TProduct, ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { Button, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AdminList,
  DeleteRowButton,
  EditRowLink,
  type TRowActions,
  useConfirmDelete,
  useListQuery,
} from '../../../components/admin-list';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
import { formatDiamonds } from '../../../lib/money-format';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from '../api/delete-product';
import { useGetProducts } from '../api/get-products';
import { useToggleRelease } from '../api/release-product';
import { useSyncProducts } from '../api/sync-products';
import './catalogue-admin.css';

/**
 * Product list /product (SPEC.md §2, §4, §5, §8, §9): filters, table, release/unrelease, sync, edit, delete with
 * confirmation, price list, add, pagination. A refused delete, release or sync shows the server's message in the
 * error popup, and the list reloads after each of them whether it worked or not.
 */
export function ProductListPage() {
  const { t } = useTranslation(['catalogue-admin', 'common']);
  const list = useListQuery(ZProductListQuery);
  const products = useGetProducts(list.query);
  const remove = useDeleteProduct();
  const release = useToggleRelease();
  const sync = useSyncProducts();
  const popup = useErrorPopup();
  const askDelete = useConfirmDelete();

  /** SPEC.md §8: a refusal (400) in the error popup; other failures were toasted by the API client. */
  const report = (error: unknown): void => {
    if (!isApiError(error) || !error.toasted) popup(errorText(error));
  };

  const deleteProduct = async (product: TProduct): Promise<void> => {
    let message: string;
    try {
      message = await remove.mutateAsync(product.id);
    } catch (error) {
      report(error);
      return;
    }
    toast.success(message);
  };

  const confirmDelete = (product: TProduct): void => {
    askDelete(() => deleteProduct(product));
  };

  const toggleRelease = async (product: TProduct): Promise<void> => {
    let message: string;
    try {
      ({ message } = await release.mutateAsync(product.id));
    } catch (error) {
      report(error);
      return;
    }
    toast.success(message);
  };

  const syncAll = async (): Promise<void> => {
    let message: string;
    try {
      ({ message } = await sync.mutateAsync());
    } catch (error) {
      report(error);
      return;
    }
    toast.success(message);
  };

  const columns: TableColumnsType<TProduct> = [
    {
      key: 'image',
      title: t('products.columns.image'),
      width: 84,
      render: (_value, product) => (
        <span className="catalogue-admin__thumb">
          {product.image ? (
            <img src={product.image} alt={t('image.alt', { name: product.name })} loading="lazy" />
          ) : (
            <PictureOutlined aria-label={t('image.none')} />
          )}
        </span>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('products.columns.name') },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('products.columns.code'),
      render: (code: string) =>
        code ? (
          <span className="catalogue-admin__code">{code}</span>
        ) : (
          <span className="catalogue-admin__muted">—</span>
        ),
    },
    {
      key: 'diamonds',
      title: t('products.columns.diamonds'),
      render: (_value, product) =>
        product.price_list.length > 0 ? (
          <span className="catalogue-admin__packs">{product.price_list.map(formatDiamonds).join(' | ')}</span>
        ) : (
          <span className="catalogue-admin__muted">{t('products.noPacks')}</span>
        ),
    },
    {
      key: 'release',
      title: t('products.columns.release'),
      width: 130,
      render: (_value, product) =>
        product.release ? (
          <Tag color="success">{t('products.status.released')}</Tag>
        ) : (
          <Tag>{t('products.status.unreleased')}</Tag>
        ),
    },
  ];

  const actions: TRowActions<TProduct> = {
    title: t('products.columns.actions'),
    width: 250,
    render: (product) => (
      <div className="catalogue-admin__actions">
        <Button
          type="link"
          danger={product.release}
          icon={
            product.release ? <StopOutlined aria-hidden="true" /> : <CloudUploadOutlined aria-hidden="true" />
          }
          aria-label={t(product.release ? 'products.actions.unreleaseOf' : 'products.actions.releaseOf', {
            name: product.name,
          })}
          loading={release.isPending && release.variables === product.id}
          onClick={() => void toggleRelease(product)}
        >
          {t(product.release ? 'products.actions.unrelease' : 'products.actions.release')}
        </Button>
        <Link
          className="catalogue-admin__action"
          to={routePath('price', { id: product.id })}
          aria-label={t('products.actions.pricesOf', { name: product.name })}
        >
          <UnorderedListOutlined aria-hidden="true" /> {t('products.actions.prices')}
        </Link>
        <EditRowLink
          className="catalogue-admin__action"
          to={routePath('product-edit', { id: product.id })}
          label={t('products.actions.editOf', { name: product.name })}
        >
          {t('products.actions.edit')}
        </EditRowLink>
        <DeleteRowButton
          label={t('products.actions.deleteOf', { name: product.name })}
          onClick={() => confirmDelete(product)}
        >
          {t('products.actions.delete')}
        </DeleteRowButton>
      </div>
    ),
  };

  return (
    <div className="catalogue-admin">
      <PageHeader
        title={t('products.title')}
        description={t('products.description')}
        extra={
          <>
            <Button
              icon={<SyncOutlined aria-hidden="true" />}
              loading={sync.isPending}
              onClick={() => void syncAll()}
            >
              {t('products.sync')}
            </Button>
            <ButtonLink
              type="primary"
              icon={<PlusOutlined aria-hidden="true" />}
              to={routePath('product-add')}
            >
              {t('products.add')}
            </ButtonLink>
          </>
        }
      />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={products}
          name="product-filters"
          filtersLabel={t('products.filters')}
          filters={[
            {
              name: 'name',
              label: t('products.columns.name'),
              control: <Input allowClear autoComplete="off" />,
            },
            {
              name: 'code',
              label: t('products.columns.code'),
              control: <Input allowClear autoComplete="off" />,
            },
            {
              name: 'status',
              label: t('products.columns.release'),
              empty: '',
              control: (
                <Select
                  style={{ width: 150 }}
                  options={[
                    { value: '', label: t('products.status.all') },
                    { value: '1', label: t('products.status.released') },
                    { value: '0', label: t('products.status.unreleased') },
                  ]}
                />
              ),
            },
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('products.total', { count: total })}
          scrollX={960}
        />
      </div>
    </div>
  );
}

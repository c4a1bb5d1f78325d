import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { MAX_ORDER_DIAMONDS } from '@ezrecharge/shared/limits';
import type { TCurrency } from '@ezrecharge/shared/money';
import type { TPrice } from '@ezrecharge/shared/schemas/catalogue';
import { Button, InputNumber, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { formatDiamonds, formatMajor } from '../../../lib/money-format';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useDeletePrice } from '../api/delete-price';
import { useGetPrices, ZPriceFilters } from '../api/get-prices';
import { useGetProduct } from '../api/get-product';
import { useSyncPrice } from '../api/sync-price';
import { currencyLabel, currencyOptions, parseId } from '../utils/format';
import { BackToProducts, BadId } from './back-links';
import { Diamonds } from './diamonds';
import { useLanguage } from './use-language';
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
  const lang = useLanguage();
  const list = useListQuery(ZPriceFilters);
  const product = useGetProduct(productId);
  const prices = useGetPrices({ ...list.query, productId });
  const remove = useDeletePrice();
  const sync = useSyncPrice();
  const popup = useErrorPopup();
  const askDelete = useConfirmDelete();

  /** SPEC.md §8: a refusal (400) in the error popup; other failures were toasted by the API client. */
  const report = (error: unknown): void => {
    if (!isApiError(error) || !error.toasted) popup(errorText(error));
  };

  /** How a pack is named in labels and messages: '42,000 diamonds, SGD'. */
  const packName = (price: TPrice): string =>
    t('prices.pack', { diamonds: formatDiamonds(price.game_amount), currency: price.currency });

  const deletePrice = async (price: TPrice): Promise<void> => {
    let message: string;
    try {
      message = await remove.mutateAsync(price.id);
    } catch (error) {
      report(error);
      return;
    }
    toast.success(message);
  };

  const confirmDelete = (price: TPrice): void => {
    askDelete(() => deletePrice(price));
  };

  const syncPrice = async (price: TPrice): Promise<void> => {
    let message: string;
    try {
      ({ message } = await sync.mutateAsync(price.id));
    } catch (error) {
      report(error);
      return;
    }
    toast.success(message);
  };

  const columns: TableColumnsType<TPrice> = [
    { key: 'product', dataIndex: 'product_name', title: t('prices.columns.product') },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('prices.columns.code'),
      render: (code: string) => code || <span className="catalogue-admin__muted">—</span>,
    },
    {
      key: 'diamonds',
      title: t('prices.columns.diamonds'),
      align: 'right',
      render: (_value, price) => <Diamonds amount={price.game_amount} />,
    },
    {
      key: 'currency',
      title: t('prices.columns.currency'),
      render: (_value, price) => currencyLabel(price.currency, lang),
    },
    {
      key: 'amount',
      title: t('prices.columns.amount'),
      align: 'right',
      render: (_value, price) => (
        <span className="catalogue-admin__number">{formatMajor(price.unit_amount, price.currency)}</span>
      ),
    },
  ];

  const actions: TRowActions<TPrice> = {
    title: t('prices.columns.actions'),
    width: 270,
    render: (price) => (
      <Space size={0} className="catalogue-admin__row-actions">
        <EditRowLink
          className="catalogue-admin__action"
          to={routePath('price-edit', { product_id: price.product_id, id: price.id })}
          label={t('prices.actions.editOf', { name: packName(price) })}
        >
          {t('prices.actions.edit')}
        </EditRowLink>
        <Button
          type="link"
          icon={<SyncOutlined aria-hidden="true" />}
          aria-label={t('prices.actions.syncOf', { name: packName(price) })}
          loading={sync.isPending && sync.variables === price.id}
          onClick={() => void syncPrice(price)}
        >
          {t('prices.actions.sync')}
        </Button>
        <DeleteRowButton
          label={t('prices.actions.deleteOf', { name: packName(price) })}
          onClick={() => confirmDelete(price)}
        >
          {t('prices.actions.delete')}
        </DeleteRowButton>
      </Space>
    ),
  };

  return (
    <div className="catalogue-admin">
      <PageHeader
        title={product.data ? t('prices.title', { name: product.data.name }) : t('prices.titlePlain')}
        description={t('prices.description')}
        back={<BackToProducts />}
        extra={
          <ButtonLink
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            to={routePath('price-add', { product_id: productId })}
          >
            {t('prices.add')}
          </ButtonLink>
        }
      />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={prices}
          name="price-filters"
          filtersLabel={t('prices.filters')}
          filters={[
            {
              name: 'currency',
              label: t('prices.columns.currency'),
              control: (
                <Select<TCurrency>
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('prices.allCurrencies')}
                  style={{ width: 240 }}
                  options={currencyOptions(lang)}
                />
              ),
            },
            {
              name: 'game_amount',
              label: t('prices.columns.diamonds'),
              control: (
                <InputNumber<number> min={1} max={MAX_ORDER_DIAMONDS} precision={0} style={{ width: 140 }} />
              ),
            },
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('prices.total', { count: total })}
          scrollX={940}
        />
      </div>
    </div>
  );
}

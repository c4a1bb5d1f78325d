import { MAX_ORDER_DIAMONDS } from '@ezrecharge/shared/limits';
import type { TCurrency } from '@ezrecharge/shared/money';
import type { TPrice } from '@ezrecharge/shared/schemas/catalogue';
import { InputNumber, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TListFilter } from '../../../components/admin-list';
import { formatDiamonds, formatMajor } from '../../../lib/money-format';
import type { ZPriceFilters } from '../api/get-prices';
import { currencyLabel, currencyOptions } from '../utils/format';
import { Diamonds } from './diamonds';
import { useLanguage } from './use-language';

/** How a pack is named in labels and messages: '42,000 diamonds, SGD'. */
export function usePackName(): (price: TPrice) => string {
  const { t } = useTranslation('catalogue-admin');
  return (price) =>
    t('prices.pack', { diamonds: formatDiamonds(price.game_amount), currency: price.currency });
}

/** The columns of a product's price list: product, code, diamonds, currency, amount. */
export function usePriceColumns(): TableColumnsType<TPrice> {
  const { t } = useTranslation('catalogue-admin');
  const lang = useLanguage();
  return [
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
}

/** The price list's filters: currency and pack size. */
export function usePriceFilters(): TListFilter<z.output<typeof ZPriceFilters>>[] {
  const { t } = useTranslation('catalogue-admin');
  const lang = useLanguage();
  return [
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
      control: <InputNumber<number> min={1} max={MAX_ORDER_DIAMONDS} precision={0} style={{ width: 140 }} />,
    },
  ];
}

import { PictureOutlined } from '@ant-design/icons';
import type { TProduct, ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type TListFilter, textFilter } from '../../../components/admin-list';
import { formatDiamonds } from '../../../lib/money-format';

/** The columns of the product list: image, name, code, packs, release status. */
export function useProductColumns(): TableColumnsType<TProduct> {
  const { t } = useTranslation('catalogue-admin');
  return [
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
}

/** The product list's filters: name, code and release status. */
export function useProductFilters(): TListFilter<z.output<typeof ZProductListQuery>>[] {
  const { t } = useTranslation('catalogue-admin');
  return [
    textFilter('name', t('products.columns.name')),
    textFilter('code', t('products.columns.code')),
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
  ];
}

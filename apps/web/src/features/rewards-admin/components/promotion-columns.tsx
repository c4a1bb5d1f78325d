import type { TPromotion } from '@ezrecharge/shared/schemas/rewards';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';

/** The columns of the promotions: the rule in short, its state, and what it has cost so far. */
export function usePromotionColumns(): TableColumnsType<TPromotion> {
  const { t } = useTranslation('rewards-admin');
  const dateFormat = t('dateFormat');
  const date = (iso: string): string => dayjs(iso).format(dateFormat);

  return [
    {
      key: 'name',
      title: t('columns.name'),
      width: 180,
      render: (_value, promotion) => promotion.name,
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      width: 150,
      render: (_value, promotion) => t(`kinds.${promotion.kind}`),
    },
    {
      key: 'code',
      title: t('columns.code'),
      width: 130,
      render: (_value, promotion) =>
        promotion.code ? (
          <span className="rewards-admin__mono">{promotion.code}</span>
        ) : (
          <span className="rewards-admin__muted">—</span>
        ),
    },
    {
      key: 'bonus',
      title: t('columns.bonus'),
      width: 170,
      render: (_value, promotion) => (
        <>
          {t(`bonus.${promotion.bonus_type}`, { value: formatDiamonds(promotion.bonus_value) })}
          {promotion.channels.length > 0 && (
            <div className="rewards-admin__muted">{promotion.channels.join(', ')}</div>
          )}
          <div className="rewards-admin__muted">
            {promotion.currencies.length > 0 ? promotion.currencies.join(', ') : t('list.allCurrencies')}
          </div>
        </>
      ),
    },
    {
      key: 'validity',
      title: t('columns.validity'),
      width: 190,
      render: (_value, promotion) => {
        if (!promotion.valid_from && !promotion.valid_to) return t('validity.always');
        return (
          <ul className="rewards-admin__lines">
            {promotion.valid_from && <li>{t('validity.from', { date: date(promotion.valid_from) })}</li>}
            {promotion.valid_to && <li>{t('validity.to', { date: date(promotion.valid_to) })}</li>}
          </ul>
        );
      },
    },
    {
      key: 'budget',
      title: t('columns.budget'),
      width: 130,
      align: 'end',
      render: (_value, promotion) =>
        promotion.budget_diamonds === null ? t('list.noLimit') : formatDiamonds(promotion.budget_diamonds),
    },
    {
      key: 'active',
      title: t('columns.active'),
      width: 110,
      render: (_value, promotion) =>
        promotion.active ? <Tag color="success">{t('state.active')}</Tag> : <Tag>{t('state.paused')}</Tag>,
    },
    {
      key: 'delivered',
      title: t('columns.delivered'),
      width: 110,
      align: 'end',
      render: (_value, promotion) => formatDiamonds(promotion.delivered_diamonds),
    },
    {
      key: 'reserved',
      title: t('columns.reserved'),
      width: 110,
      align: 'end',
      render: (_value, promotion) => formatDiamonds(promotion.reserved_diamonds),
    },
    {
      key: 'orders',
      title: t('columns.orders'),
      width: 90,
      align: 'end',
      render: (_value, promotion) => promotion.orders,
    },
    {
      key: 'revenue',
      title: t('columns.revenue'),
      width: 150,
      align: 'end',
      render: (_value, promotion) => {
        const entries = Object.entries(promotion.revenue);
        if (entries.length === 0) return <span className="rewards-admin__muted">{t('list.none')}</span>;
        return (
          <ul className="rewards-admin__lines">
            {entries.map(([currency, minor]) => (
              <li key={currency}>{formatPrice(currency, minor ?? 0)}</li>
            ))}
          </ul>
        );
      },
    },
  ];
}

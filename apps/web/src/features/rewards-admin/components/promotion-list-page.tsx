import { PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TPromotion } from '@ezrecharge/shared/schemas/rewards';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminList, EditRowLink, type TRowActions, useListQuery } from '../../../components/admin-list';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/form-rules';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useGetPromotions, ZPromotionListQuery } from '../api/get-promotions';
import { usePausePromotion } from '../api/save-promotion';
import './rewards-admin.css';

/**
 * Promotions /promotion (issue #16, superusers): every promotion with its rule in short and what it has cost so
 * far (bonus diamonds delivered and reserved, orders, revenue per currency), add, edit, and pause or resume. A new promotion starts paused.
 */
export function PromotionListPage() {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const list = useListQuery(ZPromotionListQuery);
  const promotions = useGetPromotions(list.query);
  const pause = usePausePromotion();
  const popup = useErrorPopup();
  const dateFormat = t('dateFormat');

  const togglePause = async (promotion: TPromotion): Promise<void> => {
    try {
      await pause.mutateAsync({ id: promotion.id, pause: promotion.active });
    } catch (error) {
      // A refusal (400) shows the server's message; other failures were toasted by the API client.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    toast.success(t(promotion.active ? 'paused' : 'resumed'));
  };

  const date = (iso: string): string => dayjs(iso).format(dateFormat);

  const columns: TableColumnsType<TPromotion> = [
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

  const actions: TRowActions<TPromotion> = {
    title: t('columns.actions'),
    width: 190,
    fixed: true,
    render: (promotion) => (
      <Space size={4} wrap className="rewards-admin__actions">
        <EditRowLink
          className="rewards-admin__action"
          to={routePath('promotion-edit', { id: promotion.id })}
          label={t('actions.editOf', { name: promotion.name })}
        >
          {t('actions.edit')}
        </EditRowLink>
        <Button
          type="link"
          danger={promotion.active}
          icon={
            promotion.active ? (
              <PauseCircleOutlined aria-hidden="true" />
            ) : (
              <PlayCircleOutlined aria-hidden="true" />
            )
          }
          aria-label={t(promotion.active ? 'actions.pauseOf' : 'actions.resumeOf', { name: promotion.name })}
          loading={pause.isPending && pause.variables?.id === promotion.id}
          onClick={() => void togglePause(promotion)}
        >
          {t(promotion.active ? 'actions.pause' : 'actions.resume')}
        </Button>
      </Space>
    ),
  };

  return (
    <div className="rewards-admin">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          <ButtonLink
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            to={routePath('promotion-add')}
          >
            {t('list.add')}
          </ButtonLink>
        }
      />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={promotions}
          name="promotion-filters"
          filtersLabel={t('list.filters')}
          applyOnChange
          filters={[]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={1700}
          cards={{ lead: ['name', 'active'] }}
        />
      </div>
    </div>
  );
}

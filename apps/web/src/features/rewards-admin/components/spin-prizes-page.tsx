import { RedoOutlined } from '@ant-design/icons';
import type { TPrizeRecord, TSpinSettings } from '@ezrecharge/shared/schemas/rewards';
import { PRIZE_DELIVERY_STATES, type TPrizeDelivery } from '@ezrecharge/shared/spins';
import { Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminList, type TRowActions, useListQuery } from '../../../components/admin-list';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds } from '../../../lib/money-format';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetPrizes, ZPrizeListQuery } from '../api/get-prizes';
import { useGetSpinSettings } from '../api/get-spin-settings';
import { useResendPrize } from '../api/resend-prize';
import { SpinSettingsForm } from './spin-settings-form';
import './rewards-admin.css';

const DELIVERY_COLORS: Partial<Record<TPrizeDelivery, string>> = {
  queued: 'processing',
  charging: 'processing',
  delivered: 'success',
  failed: 'error',
};

/**
 * Spin prizes /spin-prizes (issue #16, superusers): the spin settings and prize table, what spins have cost so far,
 * and the prizes drawn, with "Send again" for those whose delivery failed.
 */
export function SpinPrizesPage() {
  const { t } = useTranslation('rewards-admin');
  const settings = useGetSpinSettings();
  return (
    <div className="rewards-admin">
      <PageHeader title={t('spins.title')} description={t('spins.description')} />
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <div className="console-panel">
          <LoadFailed onRetry={() => void settings.refetch()} />
        </div>
      ) : (
        <div className="rewards-admin__spins">
          <section className="console-panel" aria-labelledby="spin-settings-heading">
            <h2 id="spin-settings-heading" className="rewards-admin__heading">
              {t('spins.settings')}
            </h2>
            <SpinSettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
          </section>
          <SpinCost settings={settings.data} />
        </div>
      )}
      <PrizeList />
    </div>
  );
}

const COST_FIGURES = [
  'spins_granted',
  'spins_spun',
  'prize_diamonds_delivered',
  'prize_diamonds_queued',
  'prizes_failed',
] as const;

function SpinCost({ settings }: { settings: TSpinSettings }) {
  const { t } = useTranslation('rewards-admin');
  return (
    <section className="console-panel rewards-admin__cost" aria-labelledby="spin-cost-heading">
      <h2 id="spin-cost-heading" className="rewards-admin__heading">
        {t('spins.cost.heading')}
      </h2>
      <dl className="rewards-admin__figures">
        {COST_FIGURES.map((figure) => (
          <div key={figure}>
            <dt>{t(`spins.cost.${figure}`)}</dt>
            <dd>{formatDiamonds(settings[figure])}</dd>
          </div>
        ))}
      </dl>
      <p className="rewards-admin__muted">
        {t('spins.cost.updated', { date: dayjs(settings.updated_at).format(t('dateFormat')) })}
      </p>
    </section>
  );
}

function PrizeList() {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const list = useListQuery(ZPrizeListQuery);
  const prizes = useGetPrizes(list.query);
  // prize_not_failed (400: sent again meanwhile) says why in the popup.
  const resend = useToastedMutation(useResendPrize(), { success: t('spins.resent') });
  const dateFormat = t('dateFormat');

  const columns: TableColumnsType<TPrizeRecord> = [
    {
      key: 'spun_at',
      title: t('spins.columns.spun_at'),
      width: 160,
      render: (_value, prize) => {
        const at = prize.spun_at ?? prize.created_at;
        return <time dateTime={at}>{dayjs(at).format(dateFormat)}</time>;
      },
    },
    {
      key: 'user',
      title: t('spins.columns.user'),
      width: 140,
      render: (_value, prize) => prize.username ?? (prize.user_id === null ? '—' : `#${prize.user_id}`),
    },
    {
      key: 'game_id',
      title: t('spins.columns.game_id'),
      width: 130,
      render: (_value, prize) => <span className="rewards-admin__id">{prize.game_id}</span>,
    },
    {
      key: 'prize',
      title: t('spins.columns.prize'),
      width: 130,
      align: 'end',
      render: (_value, prize) =>
        prize.prize_diamonds
          ? t('spins.prize', { diamonds: formatDiamonds(prize.prize_diamonds) })
          : t('spins.noPrize'),
    },
    {
      key: 'bu_orderid',
      title: t('spins.columns.bu_orderid'),
      width: 260,
      render: (_value, prize) => <span className="rewards-admin__id">{prize.bu_orderid}</span>,
    },
    {
      key: 'delivery',
      title: t('spins.columns.delivery'),
      width: 220,
      render: (_value, prize) => {
        const delivery = prize.delivery ?? 'none';
        return (
          <>
            <Tag color={DELIVERY_COLORS[delivery]}>{t(`spins.delivery.${delivery}`)}</Tag>
            {prize.failure_reason && <div className="rewards-admin__muted">{prize.failure_reason}</div>}
          </>
        );
      },
    },
  ];

  const actions: TRowActions<TPrizeRecord> = {
    title: t('spins.columns.actions'),
    width: 130,
    fixed: true,
    items: [
      {
        key: 'resend',
        label: t('spins.resend'),
        name: (prize) => t('spins.resendOf', { id: prize.bu_orderid }),
        icon: RedoOutlined,
        shownIf: (prize) => prize.delivery === 'failed',
        pending: (prize) => resend.isRunning(prize.id),
        onRun: (prize) => resend.run(prize.id),
      },
    ],
  };

  return (
    <section className="console-panel rewards-admin__prize-list" aria-labelledby="spin-prizes-heading">
      <h2 id="spin-prizes-heading" className="rewards-admin__heading">
        {t('spins.list.title')}
      </h2>
      <AdminList
        list={list}
        rows={prizes}
        name="prize-filters"
        filtersLabel={t('spins.list.filters')}
        applyOnChange
        filters={[
          {
            name: 'delivery',
            label: t('spins.columns.delivery'),
            empty: '',
            control: (
              <Select
                style={{ width: 180 }}
                options={[
                  { value: '', label: t('spins.list.all') },
                  ...PRIZE_DELIVERY_STATES.map((state) => ({
                    value: state,
                    label: t(`spins.delivery.${state}`),
                  })),
                ]}
              />
            ),
          },
        ]}
        columns={columns}
        actions={actions}
        totalLabel={(total) => t('spins.list.total', { count: total })}
        scrollX={1200}
        emptyText={t('spins.list.empty')}
        cards={{ lead: ['spun_at', 'delivery'] }}
      />
    </section>
  );
}

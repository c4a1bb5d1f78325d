import { RedoOutlined } from '@ant-design/icons';
import type { TPrizeRecord } from '@ezrecharge/shared/schemas/rewards';
import { PRIZE_DELIVERY_STATES } from '@ezrecharge/shared/spins';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminList, type TRowActions, useListQuery } from '../../../components/admin-list';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetPrizes, ZPrizeListQuery } from '../api/get-prizes';
import { useResendPrize } from '../api/resend-prize';
import { usePrizeColumns } from './prize-columns';

/** The prizes drawn (issue #16), filtered by how their delivery went, with "Send again" for the failed ones. */
export function PrizeList() {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const list = useListQuery(ZPrizeListQuery);
  const prizes = useGetPrizes(list.query);
  // prize_not_failed (400: sent again meanwhile) says why in the popup.
  const resend = useToastedMutation(useResendPrize(), { success: t('spins.resent') });

  const columns = usePrizeColumns();

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

import type { TPrizeRecord } from '@ezrecharge/shared/schemas/rewards';
import type { TPrizeDelivery } from '@ezrecharge/shared/spins';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds } from '../../../lib/money-format';

const DELIVERY_COLORS: Partial<Record<TPrizeDelivery, string>> = {
  queued: 'processing',
  charging: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** The columns of the prizes drawn: when, who, the BIGO ID, the prize, BIGO's order and how its delivery went. */
export function usePrizeColumns(): TableColumnsType<TPrizeRecord> {
  const { t } = useTranslation('rewards-admin');
  const dateFormat = t('dateFormat');
  return [
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
}

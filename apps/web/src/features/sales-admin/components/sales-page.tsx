import {
  SALES_MAX_DAYS,
  salesRangeDays,
  type TSales,
  type TSalesCurrency,
  type TSalesDay,
  ZCalendarDay,
} from '@ezrecharge/shared/schemas/sales';
import { addDays, dayIn } from '@ezrecharge/shared/shop-day';
import { Button } from 'antd';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import dayjs from '../../../lib/dayjs';
import { routePath } from '../../../lib/routes';
import { type TSalesRange, useGetSales } from '../api/get-sales';
import { FigureTable, type TFigureColumn } from './figure-table';
import { SalesChart } from './sales-chart';
import { formatCount, formatDiamonds, formatPrice, formatShare } from './sales-format';
import './sales-admin.css';

const PRESETS = [7, 30, 90] as const;

/** The range of the address (?from&to), when both are calendar days; otherwise none (the server's default). */
function rangeOf(params: URLSearchParams): TSalesRange {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return ZCalendarDay.safeParse(from).success && ZCalendarDay.safeParse(to).success ? { from, to } : {};
}

/**
 * Sales /sales (issue #28, superusers): for a range of days in the shop's time zone, the money per currency, the
 * funnel committed → paid → delivered, delivery times, a daily chart per currency (with its table), breakdowns by
 * pack, channel and language, what promotions and spins cost, and the refunds with their reasons. The range lives in
 * the address, so a reload or a shared link shows the same figures.
 */
export function SalesPage() {
  const { t } = useTranslation('sales-admin');
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const sales = useGetSales(range);
  const show = (next: { from: string; to: string }) => setParams(next);

  return (
    <div className="sales-admin">
      <PageHeader title={t('title')} description={t('description')} />
      <RangeForm shown={sales.data} onShow={show} />
      {sales.isPending ? (
        <PageLoading />
      ) : sales.isError ? (
        <div className="console-panel">
          <LoadFailed onRetry={() => void sales.refetch()} />
        </div>
      ) : (
        <SalesFigures sales={sales.data} />
      )}
    </div>
  );
}

/** Two labelled day fields and the quick ranges; checks the range as the server does before asking. */
function RangeForm({
  shown,
  onShow,
}: {
  shown: TSales | undefined;
  onShow: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('sales-admin');
  const id = useId();
  const [from, setFrom] = useState(shown?.from ?? '');
  const [to, setTo] = useState(shown?.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // The fields follow the range shown (the server's default at first, a preset, the address).
  useEffect(() => {
    if (shown) {
      setFrom(shown.from);
      setTo(shown.to);
    }
  }, [shown]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ZCalendarDay.safeParse(from).success || !ZCalendarDay.safeParse(to).success) {
      setProblem(t('range.invalid'));
      return;
    }
    const days = salesRangeDays(from, to);
    if (days < 1) return setProblem(t('range.reversed'));
    if (days > SALES_MAX_DAYS) return setProblem(t('range.tooLong', { days: SALES_MAX_DAYS }));
    setProblem(null);
    onShow({ from, to });
  };
  const today = shown ? dayIn(new Date(), shown.time_zone) : null;

  return (
    <form
      className="console-panel sales-admin__range"
      aria-label={t('range.label')}
      onSubmit={submit}
      noValidate
    >
      <div className="sales-admin__field">
        <label htmlFor={`${id}-from`}>{t('range.from')}</label>
        <input
          id={`${id}-from`}
          className="sales-admin__input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="sales-admin__field">
        <label htmlFor={`${id}-to`}>{t('range.to')}</label>
        <input
          id={`${id}-to`}
          className="sales-admin__input"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Button type="primary" htmlType="submit">
        {t('range.show')}
      </Button>
      {today && (
        <div className="sales-admin__presets">
          {PRESETS.map((days) => (
            <Button key={days} onClick={() => onShow({ from: addDays(today, 1 - days), to: today })}>
              {t('range.last', { days })}
            </Button>
          ))}
        </div>
      )}
      {problem && (
        <p className="sales-admin__problem" role="alert">
          {problem}
        </p>
      )}
      {shown && <p className="sales-admin__muted">{t('range.zone', { zone: shown.time_zone })}</p>}
    </form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-panel sales-admin__section" aria-labelledby={id}>
      <h2 id={id} className="sales-admin__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** paid → delivered seconds as the operator reads them: '45 s', '2.5 min', '1.2 h'. */
function useDuration() {
  const { t } = useTranslation('sales-admin');
  return (seconds: number | null): string => {
    if (seconds === null) return '—';
    if (seconds < 90) return t('duration.seconds', { value: Math.round(seconds) });
    if (seconds < 5400) return t('duration.minutes', { value: Math.round(seconds / 6) / 10 });
    return t('duration.hours', { value: Math.round(seconds / 360) / 10 });
  };
}

function SalesFigures({ sales }: { sales: TSales }) {
  const { t } = useTranslation('sales-admin');
  const duration = useDuration();
  const { funnel } = sales;
  const empty = t('empty');

  const currencyColumns: TFigureColumn<TSalesCurrency>[] = [
    { title: t('money.currency'), dataIndex: 'currency' },
    { title: t('money.paidOrders'), render: (_, row) => formatCount(row.paid_orders), align: 'right' },
    {
      title: t('money.paid'),
      render: (_, row) => formatPrice(row.currency, row.paid_amount),
      align: 'right',
    },
    {
      title: t('money.extra'),
      render: (_, row) =>
        row.extra_payments > 0
          ? t('money.extraValue', {
              payments: row.extra_payments,
              amount: formatPrice(row.currency, row.extra_amount),
            })
          : '—',
      align: 'right',
    },
    {
      title: t('money.refunded'),
      render: (_, row) => formatPrice(row.currency, row.refunded_amount),
      align: 'right',
    },
    {
      title: t('money.net'),
      render: (_, row) => <strong>{formatPrice(row.currency, row.net_amount)}</strong>,
      align: 'right',
    },
    { title: t('money.delivered'), render: (_, row) => formatCount(row.delivered_orders), align: 'right' },
    {
      title: t('money.diamonds'),
      render: (_, row) => formatDiamonds(row.diamonds_delivered),
      align: 'right',
    },
    { title: t('money.bonus'), render: (_, row) => formatDiamonds(row.bonus_diamonds), align: 'right' },
  ];

  return (
    <div className="sales-admin__figures">
      <p className="sales-admin__muted">
        {t('range.showing', {
          from: dayjs(sales.from).format(t('dateFormat')),
          to: dayjs(sales.to).format(t('dateFormat')),
        })}
      </p>
      <Section id="sales-money" title={t('money.heading')}>
        <FigureTable<TSalesCurrency>
          empty={empty}
          rowKey="currency"
          columns={currencyColumns}
          dataSource={sales.currencies}
        />
        <p className="sales-admin__muted">{t('money.note')}</p>
      </Section>

      <Section id="sales-funnel" title={t('funnel.heading')}>
        <dl className="sales-admin__dl">
          <Figure term={t('funnel.committed')} value={formatCount(funnel.committed)} />
          <Figure term={t('funnel.precheckFailed')} value={formatCount(funnel.precheck_failed)} />
          <Figure term={t('funnel.awaitingPayment')} value={formatCount(funnel.awaiting_payment)} />
          <Figure term={t('funnel.paid')} value={formatCount(funnel.paid)} />
          <Figure term={t('funnel.paymentFailed')} value={formatShare(funnel.payment_failed_share)} />
          <Figure term={t('funnel.awaitingDelivery')} value={formatCount(funnel.awaiting_delivery)} />
          <Figure term={t('funnel.delivered')} value={formatCount(funnel.delivered)} />
          <Figure term={t('funnel.deliveryFailed')} value={formatShare(funnel.delivery_failed_share)} />
          <Figure term={t('funnel.median')} value={duration(sales.delivery_times.median_seconds)} />
          <Figure term={t('funnel.p95')} value={duration(sales.delivery_times.p95_seconds)} />
        </dl>
        <p className="sales-admin__muted">{t('funnel.note')}</p>
      </Section>

      <Section id="sales-risk" title={t('risk.heading')}>
        <dl className="sales-admin__dl">
          <Figure term={t('risk.held')} value={formatCount(sales.risk.held)} />
          <Figure term={t('risk.approved')} value={formatCount(sales.risk.approved)} />
          <Figure term={t('risk.refused')} value={formatCount(sales.risk.refused)} />
          <Figure term={t('risk.undecided')} value={formatCount(sales.risk.undecided)} />
          <Figure term={t('risk.reviewMedian')} value={duration(sales.risk.review_median_seconds)} />
          <Figure term={t('risk.reviewP95')} value={duration(sales.risk.review_p95_seconds)} />
          <Figure term={t('risk.blocked')} value={formatCount(sales.risk.refused_blocked)} />
          <Figure term={t('risk.cardTesting')} value={formatCount(sales.risk.refused_card_testing)} />
        </dl>
        <p className="sales-admin__muted">{t('risk.note')}</p>
      </Section>

      <DailySection sales={sales} />

      <Section id="sales-pack" title={t('breakdown.pack')}>
        <FigureTable
          empty={empty}
          rowKey={(row) => `${row.currency} ${row.product_name} ${row.game_amount}`}
          dataSource={sales.by_pack}
          columns={[
            { title: t('breakdown.product'), dataIndex: 'product_name' },
            {
              title: t('breakdown.diamondsPerUnit'),
              render: (_, row) => formatDiamonds(row.game_amount),
              align: 'right',
            },
            { title: t('money.currency'), dataIndex: 'currency' },
            { title: t('breakdown.orders'), render: (_, row) => formatCount(row.orders), align: 'right' },
            { title: t('breakdown.quantity'), render: (_, row) => formatCount(row.quantity), align: 'right' },
            {
              title: t('breakdown.amount'),
              render: (_, row) => formatPrice(row.currency, row.amount),
              align: 'right',
            },
          ]}
        />
      </Section>

      <Section id="sales-channel" title={t('breakdown.channel')}>
        <FigureTable
          empty={empty}
          rowKey={(row) => `${row.currency} ${row.gateway} ${row.channel ?? ''}`}
          dataSource={sales.by_channel}
          columns={[
            { title: t('breakdown.gateway'), dataIndex: 'gateway' },
            {
              title: t('breakdown.channelName'),
              render: (_, row) => row.channel ?? t('breakdown.noChannel'),
            },
            { title: t('money.currency'), dataIndex: 'currency' },
            { title: t('breakdown.orders'), render: (_, row) => formatCount(row.orders), align: 'right' },
            {
              title: t('breakdown.amount'),
              render: (_, row) => formatPrice(row.currency, row.amount),
              align: 'right',
            },
          ]}
        />
      </Section>

      <Section id="sales-language" title={t('breakdown.language')}>
        <FigureTable
          empty={empty}
          rowKey={(row) => `${row.currency} ${row.lang}`}
          dataSource={sales.by_language}
          columns={[
            {
              title: t('breakdown.languageName'),
              render: (_, row) =>
                row.lang === 'en' || row.lang === 'zh' ? t(`languages.${row.lang}`) : row.lang,
            },
            { title: t('money.currency'), dataIndex: 'currency' },
            { title: t('breakdown.orders'), render: (_, row) => formatCount(row.orders), align: 'right' },
            {
              title: t('breakdown.amount'),
              render: (_, row) => formatPrice(row.currency, row.amount),
              align: 'right',
            },
          ]}
        />
      </Section>

      <Section id="sales-rewards" title={t('rewards.heading')}>
        <FigureTable
          empty={empty}
          rowKey="promotion_id"
          dataSource={sales.promotions}
          columns={[
            { title: t('rewards.promotion'), dataIndex: 'name' },
            {
              title: t('rewards.kind'),
              render: (_, row) =>
                row.kind === 'code' || row.kind === 'welcome' || row.kind === 'channel'
                  ? t(`rewards.kinds.${row.kind}`)
                  : row.kind,
            },
            { title: t('breakdown.orders'), render: (_, row) => formatCount(row.orders), align: 'right' },
            {
              title: t('rewards.diamonds'),
              render: (_, row) => formatDiamonds(row.diamonds),
              align: 'right',
            },
          ]}
        />
        <dl className="sales-admin__dl">
          <Figure term={t('rewards.spinPrizes')} value={formatCount(sales.spins.prizes_delivered)} />
          <Figure term={t('rewards.spinDiamonds')} value={formatDiamonds(sales.spins.diamonds)} />
        </dl>
      </Section>

      <Section id="sales-refunds" title={t('refunds.heading')}>
        <h3 className="sales-admin__subheading">{t('refunds.reasons')}</h3>
        <FigureTable
          empty={empty}
          rowKey={(row) => `${row.currency} ${row.reason}`}
          dataSource={sales.refund_reasons}
          columns={[
            { title: t('refunds.reason'), render: (_, row) => row.reason || t('refunds.noReason') },
            { title: t('money.currency'), dataIndex: 'currency' },
            { title: t('breakdown.orders'), render: (_, row) => formatCount(row.orders), align: 'right' },
            {
              title: t('breakdown.amount'),
              render: (_, row) => formatPrice(row.currency, row.amount),
              align: 'right',
            },
          ]}
        />
        <h3 className="sales-admin__subheading">{t('refunds.latest')}</h3>
        <FigureTable
          empty={empty}
          rowKey="order_num"
          dataSource={sales.refunds}
          columns={[
            {
              title: t('refunds.order'),
              render: (_, row) => (
                <Link to={routePath('order', { order_num: row.order_num })}>{row.order_num}</Link>
              ),
            },
            { title: t('refunds.when'), render: (_, row) => dayjs(row.refunded_at).format(t('timeFormat')) },
            {
              title: t('breakdown.amount'),
              render: (_, row) => formatPrice(row.currency, row.amount),
              align: 'right',
            },
            { title: t('refunds.reason'), render: (_, row) => row.reason || t('refunds.noReason') },
          ]}
        />
      </Section>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The daily chart of one currency at a time, and the same figures as a table (the chart's text alternative). */
function DailySection({ sales }: { sales: TSales }) {
  const { t } = useTranslation('sales-admin');
  const id = useId();
  const currencies = sales.currencies.map((row) => row.currency);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];
  const days = sales.days.filter((day) => day.currency === currency);

  return (
    <Section id="sales-daily" title={t('daily.heading')}>
      {currency === undefined ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <div className="sales-admin__field">
            <label htmlFor={`${id}-currency`}>{t('daily.currency')}</label>
            <select
              id={`${id}-currency`}
              className="sales-admin__input"
              value={currency}
              onChange={(e) => setPicked(e.target.value)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <figure className="sales-admin__figure">
            <figcaption>{t('daily.caption', { currency })}</figcaption>
            <SalesChart days={days} currency={currency} />
          </figure>
          <details className="sales-admin__details">
            <summary>{t('daily.table')}</summary>
            <FigureTable<TSalesDay>
              empty={t('empty')}
              rowKey="date"
              dataSource={days}
              columns={[
                { title: t('daily.date'), dataIndex: 'date' },
                {
                  title: t('money.paidOrders'),
                  render: (_, row) => formatCount(row.paid_orders),
                  align: 'right',
                },
                {
                  title: t('money.paid'),
                  render: (_, row) => formatPrice(row.currency, row.paid_amount),
                  align: 'right',
                },
                {
                  title: t('money.refunded'),
                  render: (_, row) => formatPrice(row.currency, row.refunded_amount),
                  align: 'right',
                },
              ]}
            />
          </details>
        </>
      )}
    </Section>
  );
}

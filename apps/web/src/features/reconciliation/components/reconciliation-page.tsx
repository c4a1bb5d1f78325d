import { CheckOutlined, SyncOutlined } from '@ant-design/icons';
import {
  appliedResultOf,
  type TMismatch,
  type TReconciliationDay,
} from '@ezrecharge/shared/schemas/reconciliation';
import { dayBefore, dayIn } from '@ezrecharge/shared/shop-day';
import { Alert, App, Button, Input, Table, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { isApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import { useErrorPopup } from '../../../lib/popup';
import { reportRefusal, useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useApplyMismatch, useGetReconciliation, useRunReconciliation } from '../api/reconciliation';
import './reconciliation.css';

/** The day before today, as the browser's calendar has it: the page's first day until the shop's zone is known. */
const yesterday = (): string => dayjs().subtract(1, 'day').format('YYYY-MM-DD');
/**
 * Today in the shop's time zone (the server's SHOP_TIME_ZONE, which the days are counted in), as the date field's
 * latest day. The browser's own calendar may be a day behind: in Singapore's early hours a browser on UTC still has
 * yesterday, and a field capped at that refused to run the shop's today. Undefined while the zone is not known.
 */
export function shopToday(timeZone: string | undefined, now = new Date()): string | undefined {
  if (!timeZone) return undefined;
  try {
    return dayIn(now, timeZone);
  } catch {
    return undefined;
  }
}
/** The shop's yesterday (the morning job's day): the day the page shows when none is asked for. */
export function shopYesterday(timeZone: string | undefined, now = new Date()): string | undefined {
  const today = shopToday(timeZone, now);
  return today && dayBefore(today);
}
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

const STATE_COLOURS = { reconciled: 'success', mismatched: 'error', incomplete: 'warning' } as const;

/** One side's record as a short list of its fields. */
function Fields({ value }: { value: unknown }): ReactNode {
  const { t } = useTranslation('reconciliation');
  if (value === null || value === undefined || typeof value !== 'object') {
    return <span className="reconciliation__muted">{t('mismatches.none')}</span>;
  }
  return (
    <dl className="reconciliation__fields">
      {Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== '')
        .map(([key, v]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              <code>{typeof v === 'string' ? v : JSON.stringify(v)}</code>
            </dd>
          </div>
        ))}
    </dl>
  );
}

function Evidence({ mismatch }: { mismatch: TMismatch }): ReactNode {
  const { t } = useTranslation('reconciliation');
  const { gateway_record: theirs, order: ours, ...rest } = mismatch.evidence;
  return (
    <div className="reconciliation__evidence">
      {'gateway_record' in mismatch.evidence && (
        <section>
          <h3>{t('mismatches.gatewayRecord')}</h3>
          <Fields value={theirs} />
        </section>
      )}
      {'order' in mismatch.evidence && (
        <section>
          <h3>{t('mismatches.ourOrder')}</h3>
          <Fields value={ours} />
        </section>
      )}
      {Object.keys(rest).length > 0 && <Fields value={rest} />}
    </div>
  );
}

function Summary({ day }: { day: TReconciliationDay }): ReactNode {
  const { t } = useTranslation('reconciliation');
  const time = (value: string) => dayjs(value).format(t('dateFormat'));
  const totals: TableColumnsType<TReconciliationDay['totals'][number]> = [
    { key: 'gateway', title: t('totals.gateway'), dataIndex: 'gateway' },
    { key: 'currency', title: t('totals.currency'), dataIndex: 'currency' },
    {
      key: 'gateway_paid',
      title: t('totals.gatewayPaid'),
      render: (_v, r) =>
        t('totals.count', { amount: formatPrice(r.currency, r.gateway_paid), count: r.gateway_count }),
    },
    {
      key: 'our_paid',
      title: t('totals.ourPaid'),
      render: (_v, r) =>
        t('totals.count', { amount: formatPrice(r.currency, r.our_paid), count: r.our_count }),
    },
    {
      key: 'gateway_refunded',
      title: t('totals.gatewayRefunded'),
      render: (_v, r) => formatPrice(r.currency, r.gateway_refunded),
    },
    {
      key: 'our_refunded',
      title: t('totals.ourRefunded'),
      render: (_v, r) => formatPrice(r.currency, r.our_refunded),
    },
  ];
  return (
    <>
      <div className="reconciliation__state">
        <Tag color={day.state ? STATE_COLOURS[day.state] : 'default'} className="reconciliation__tag">
          {t(`state.${day.state ?? 'none'}`)}
        </Tag>
        {day.ran_at && <span>{t('ranAt', { time: time(day.ran_at) })}</span>}
        {day.mailed_at && <span>{t('mailedAt', { time: time(day.mailed_at) })}</span>}
      </div>
      {day.state === null && <Alert type="info" showIcon title={t('never')} />}
      {day.sources.length > 0 && (
        <section aria-labelledby="reconciliation-sources">
          <h2 id="reconciliation-sources">{t('sources.title')}</h2>
          <ul className="reconciliation__sources">
            {day.sources.map((s) => (
              <li key={s.gateway}>
                {s.ok
                  ? t('sources.ok', { gateway: s.gateway, count: s.records })
                  : t('sources.failed', { gateway: s.gateway, error: s.error ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {day.state !== null && (
        <section aria-labelledby="reconciliation-totals">
          <h2 id="reconciliation-totals">{t('totals.title')}</h2>
          <Table
            rowKey={(r) => `${r.gateway}:${r.currency}`}
            columns={totals}
            dataSource={day.totals}
            pagination={false}
            size="small"
            locale={{ emptyText: t('totals.empty') }}
            scroll={{ x: 720 }}
          />
        </section>
      )}
      {day.bigo && (
        <section aria-labelledby="reconciliation-bigo">
          <h2 id="reconciliation-bigo">{t('bigo.title')}</h2>
          <p>
            {t('bigo.delivered', {
              diamonds: formatDiamonds(day.bigo.diamonds_delivered),
              orders: day.bigo.orders_delivered,
            })}
          </p>
          <p>
            {day.bigo.balance_first === null || day.bigo.balance_last === null
              ? t('bigo.noBalance')
              : t('bigo.balance', {
                  first: formatDiamonds(day.bigo.balance_first),
                  last: formatDiamonds(day.bigo.balance_last),
                })}
          </p>
          {day.bigo.ambiguous.map((a) => (
            <p key={a.order_num}>
              {t('bigo.ambiguous', { order: a.order_num, settled: a.settled_by, calls: a.calls })}
            </p>
          ))}
        </section>
      )}
    </>
  );
}

/**
 * Reconciliation /reconciliation (issue #28, superusers): pick a shop day, see how its last run ended (reconciled,
 * mismatched, incomplete), each gateway's totals beside ours and the BIGO figures, every mismatch with the evidence
 * of both sides; run it again; apply a payment the gateway took and never told us of, after a confirmation.
 */
export function ReconciliationPage() {
  // `orders` for the status names an applied result ends in.
  const { t } = useTranslation(['reconciliation', 'orders']);
  const { modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('date');
  const date = isDay(asked) ? asked : yesterday();
  const [draft, setDraft] = useState(date);
  const day = useGetReconciliation(date);
  // Asked for no day: the browser's yesterday first, then the shop's once its answer names the zone (they differ in
  // Singapore's early hours for a browser on UTC); the address then names the shop's day.
  const shopDefault = asked === null ? shopYesterday(day.data?.time_zone) : undefined;
  useEffect(() => {
    if (!shopDefault || shopDefault === date) return;
    setDraft(shopDefault);
    setSearch({ date: shopDefault }, { replace: true });
  }, [shopDefault, date, setSearch]);
  // The toasts are the console's own texts (the storefront loads every shared message key, so these stay here).
  const run = useToastedMutation(useRunReconciliation(), { success: t('runDone') });
  const showError = useErrorPopup();
  const apply = useToastedMutation(useApplyMismatch(), {
    success: t('apply.done'),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) showError(t('apply.notPaid'));
      else reportRefusal(error);
    },
  });
  const time = (value: string) => dayjs(value).format(t('dateFormat'));
  /** What applying led to, in the reader's language; a text of another form as it is. */
  const appliedText = (code: string | null): string => {
    const result = appliedResultOf(code);
    if (!result) return code ?? '';
    if (result.kind === 'held') return t('mismatches.results.held');
    const status = t(`orders:orderStatus.${result.status}`, { defaultValue: String(result.status) });
    return t(`mismatches.results.${result.kind}`, { status });
  };

  const choose = (value: string) => {
    setDraft(value);
    if (isDay(value)) setSearch({ date: value });
  };

  const confirmApply = (m: TMismatch) =>
    modal.confirm({
      title: t('apply.title'),
      content: t('apply.text', { gateway: m.gateway ?? '', order: m.order_num ?? '' }),
      okText: t('apply.ok'),
      cancelText: t('apply.cancel'),
      centered: true,
      onOk: () => apply.run(m.id),
    });

  const columns: TableColumnsType<TMismatch> = [
    {
      key: 'kind',
      title: t('mismatches.kind'),
      width: 200,
      render: (_v, m) => (
        <div className="reconciliation__kind">
          <span className="reconciliation__kind-name">{t(`kinds.${m.kind}`)}</span>
          {m.gateway && <code>{m.gateway}</code>}
        </div>
      ),
    },
    {
      key: 'order',
      title: t('mismatches.order'),
      width: 190,
      render: (_v, m) => (
        <div className="reconciliation__kind">
          {m.order_num && <code>{m.order_num}</code>}
          {m.gateway_ref && <code className="reconciliation__muted">{m.gateway_ref}</code>}
        </div>
      ),
    },
    {
      key: 'evidence',
      title: t('mismatches.evidence'),
      render: (_v, m) => <Evidence mismatch={m} />,
    },
    {
      key: 'action',
      title: t('mismatches.action'),
      width: 170,
      render: (_v, m) => {
        if (m.applied_at) {
          return (
            <span>
              {t('mismatches.applied', { time: time(m.applied_at), result: appliedText(m.applied_result) })}
            </span>
          );
        }
        if (m.action === 'apply') {
          return (
            <Button
              icon={<CheckOutlined aria-hidden="true" />}
              aria-label={t('apply.name', { order: m.order_num ?? '' })}
              loading={apply.isRunning(m.id)}
              onClick={() => confirmApply(m)}
            >
              {t('apply.button')}
            </Button>
          );
        }
        return <span className="reconciliation__muted">{t('mismatches.manual')}</span>;
      },
    },
  ];

  return (
    <div className="reconciliation">
      <PageHeader title={t('title')} description={t('description')} />
      <form
        className="reconciliation__controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (isDay(draft)) void run.run(draft);
        }}
      >
        <label htmlFor="reconciliation-date">{t('date')}</label>
        <Input
          id="reconciliation-date"
          type="date"
          value={draft}
          max={shopToday(day.data?.time_zone)}
          onChange={(event) => choose(event.target.value)}
          style={{ width: 180 }}
        />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SyncOutlined aria-hidden="true" />}
          loading={run.isPending}
        >
          {t('run')}
        </Button>
        {day.data && (
          <span className="reconciliation__muted">{t('timeZone', { zone: day.data.time_zone })}</span>
        )}
      </form>
      {day.isPending ? (
        <PageLoading />
      ) : day.isError || !day.data ? (
        <LoadFailed onRetry={() => void day.refetch()} />
      ) : (
        <>
          <Summary day={day.data} />
          {day.data.state !== null && (
            <section aria-labelledby="reconciliation-mismatches">
              <h2 id="reconciliation-mismatches">{t('mismatches.title')}</h2>
              <Table
                rowKey="id"
                columns={columns}
                dataSource={day.data.mismatches}
                pagination={false}
                locale={{ emptyText: t('mismatches.empty') }}
                scroll={{ x: 900 }}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}

import { RedoOutlined } from '@ant-design/icons';
import { type TDeadJob, ZDeadJobListQuery } from '@ezrecharge/shared/schemas/jobs';
import { App, AutoComplete, Button, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList, type TRowActions, useListQuery } from '../../../components/admin-list';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useGetDeadJobs } from '../api/get-dead-jobs';
import { useRetryJob } from '../api/retry-job';
import './jobs-admin.css';

/** Payload values as an operator reads them: text as it is, anything else as JSON. */
function payloadText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Failed jobs /jobs (issue #12, superusers): background jobs that ran out of attempts, the latest to fail first, with
 * what each was about, its attempts, when it failed and its last error; a kind filter; and a retry (after a
 * confirmation) that queues the job again with all its attempts.
 */
export function DeadJobListPage() {
  const { t, i18n } = useTranslation(['jobs-admin', 'common']);
  const list = useListQuery(ZDeadJobListQuery);
  const jobs = useGetDeadJobs(list.query);
  const retry = useRetryJob();
  const popup = useErrorPopup();
  const { modal } = App.useApp();
  const dateFormat = t('dateFormat');
  const formatTime = (value: string): string => dayjs(value).format(dateFormat);

  /** The kind's name in the active language; a kind this console does not know shows as its code alone. */
  const kindName = (kind: string): string | null =>
    i18n.exists(`jobs-admin:kinds.${kind}`) ? t(`kinds.${kind}`) : null;

  const retryJob = async (job: TDeadJob): Promise<void> => {
    let message: string;
    try {
      message = await retry.mutateAsync(job.id);
    } catch (error) {
      // Retried meanwhile (400) or gone (404) says why in the popup; other failures were toasted by the API client.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    // SPEC.md §7: the response message is shown (in the active language: see api-client's `api`).
    toast.success(message);
  };

  const confirmRetry = (job: TDeadJob): void => {
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.text', { kind: kindName(job.kind) ?? job.kind, id: job.id }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      centered: true,
      onOk: () => retryJob(job),
    });
  };

  /** What the job was about: its payload's values (references only: order numbers, counts), one per line. */
  const payload = (job: TDeadJob): ReactNode => {
    const entries = Object.entries(job.payload);
    if (entries.length === 0) return <span className="jobs-admin__muted">{t('noPayload')}</span>;
    return (
      <dl className="jobs-admin__payload">
        {entries.map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              <code>{payloadText(value)}</code>
            </dd>
          </div>
        ))}
      </dl>
    );
  };

  // Narrow columns around a wide last error, so that a long error wraps in the table instead of scrolling it.
  const columns: TableColumnsType<TDeadJob> = [
    {
      key: 'kind',
      title: t('columns.kind'),
      width: 170,
      render: (_value, job) => {
        const name = kindName(job.kind);
        return (
          <div className="jobs-admin__kind">
            {name && <span className="jobs-admin__kind-name">{name}</span>}
            <code className="jobs-admin__code">{job.kind}</code>
          </div>
        );
      },
    },
    { key: 'payload', title: t('columns.payload'), width: 190, render: (_value, job) => payload(job) },
    {
      key: 'attempts',
      title: t('columns.attempts'),
      width: 100,
      render: (_value, job) => t('attempts', { attempts: job.attempts, max: job.max_attempts }),
    },
    {
      key: 'died_at',
      title: t('columns.diedAt'),
      width: 160,
      render: (_value, job) => (
        <div className="jobs-admin__died">
          <time dateTime={job.updated_at}>{formatTime(job.updated_at)}</time>
          <span className="jobs-admin__muted">{t('queuedAt', { time: formatTime(job.created_at) })}</span>
        </div>
      ),
    },
    {
      key: 'last_error',
      title: t('columns.lastError'),
      render: (_value, job) =>
        job.last_error ? (
          <pre className="jobs-admin__error">{job.last_error}</pre>
        ) : (
          <span className="jobs-admin__muted">{t('noError')}</span>
        ),
    },
  ];

  const actions: TRowActions<TDeadJob> = {
    title: t('columns.actions'),
    width: 110,
    render: (job) => (
      <Button
        type="link"
        icon={<RedoOutlined aria-hidden="true" />}
        aria-label={t('actions.retryJob', { id: job.id, kind: kindName(job.kind) ?? job.kind })}
        loading={retry.isPending && retry.variables === job.id}
        onClick={() => confirmRetry(job)}
      >
        {t('actions.retry')}
      </Button>
    ),
  };

  const kindOptions = Object.keys(
    i18n.getResource(i18n.language, 'jobs-admin', 'kinds') ??
      i18n.getResource('en', 'jobs-admin', 'kinds') ??
      {},
  ).map((kind) => ({ value: kind, label: `${kindName(kind) ?? kind} (${kind})` }));

  return (
    <div className="jobs-admin">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={jobs}
          name="job-filters"
          filtersLabel={t('list.filters')}
          filters={[
            {
              name: 'kind',
              label: t('columns.kind'),
              control: (
                <AutoComplete
                  allowClear
                  options={kindOptions}
                  placeholder={t('kindHint')}
                  style={{ width: 260 }}
                  showSearch={{ filterOption: true }}
                />
              ),
            },
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={940}
          emptyText={t('list.empty')}
        />
      </div>
    </div>
  );
}

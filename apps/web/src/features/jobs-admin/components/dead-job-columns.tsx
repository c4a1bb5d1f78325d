import type { TDeadJob } from '@ezrecharge/shared/schemas/jobs';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';

/** Payload values as an operator reads them: text as it is, anything else as JSON. */
function payloadText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The kind's name in the active language; a kind this console does not know shows as its code alone (null). */
export function useKindName(): (kind: string) => string | null {
  const { t, i18n } = useTranslation('jobs-admin');
  return (kind) => (i18n.exists(`jobs-admin:kinds.${kind}`) ? t(`kinds.${kind}`) : null);
}

/** The kinds this console knows, for the kind filter: 'Name (code)'. */
export function useKindOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation('jobs-admin');
  const kindName = useKindName();
  return Object.keys(
    i18n.getResource(i18n.language, 'jobs-admin', 'kinds') ??
      i18n.getResource('en', 'jobs-admin', 'kinds') ??
      {},
  ).map((kind) => ({ value: kind, label: `${kindName(kind) ?? kind} (${kind})` }));
}

/** What the job was about: its payload's values (references only: order numbers, counts), one per line. */
function Payload({ job }: { job: TDeadJob }): ReactNode {
  const { t } = useTranslation('jobs-admin');
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
}

/** The columns of the failed jobs: kind, payload, attempts, when it failed, last error. */
export function useDeadJobColumns(): TableColumnsType<TDeadJob> {
  const { t } = useTranslation('jobs-admin');
  const kindName = useKindName();
  const dateFormat = t('dateFormat');
  const formatTime = (value: string): string => dayjs(value).format(dateFormat);

  // Narrow columns around a wide last error, so that a long error wraps in the table instead of scrolling it.
  return [
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
    {
      key: 'payload',
      title: t('columns.payload'),
      width: 190,
      render: (_value, job) => <Payload job={job} />,
    },
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
}

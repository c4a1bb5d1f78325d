import { RedoOutlined } from '@ant-design/icons';
import { type TDeadJob, ZDeadJobListQuery } from '@ezrecharge/shared/schemas/jobs';
import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminListPage, confirmation, type TRowActions, useListQuery } from '../../../components/admin-list';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetDeadJobs } from '../api/get-dead-jobs';
import { useRetryJob } from '../api/retry-job';
import { useDeadJobColumns, useKindName, useKindOptions } from './dead-job-columns';
import './jobs-admin.css';

/**
 * Failed jobs /jobs (issue #12, superusers): background jobs that ran out of attempts, the latest to fail first, with
 * what each was about, its attempts, when it failed and its last error; a kind filter; and a retry (after a
 * confirmation) that queues the job again with all its attempts.
 */
export function DeadJobListPage() {
  const { t } = useTranslation(['jobs-admin', 'common']);
  const { t: texts } = useTranslation('jobs-admin', { keyPrefix: 'list' });
  const list = useListQuery(ZDeadJobListQuery);
  const jobs = useGetDeadJobs(list.query);
  const kindName = useKindName();
  const kindOptions = useKindOptions();
  const columns = useDeadJobColumns();
  // SPEC.md §7: the response message is shown. Retried meanwhile (400) or gone (404) says why in the popup.
  const retry = useToastedMutation(useRetryJob(), { success: (message) => message });
  const kindOf = (job: TDeadJob): string => kindName(job.kind) ?? job.kind;

  const actions: TRowActions<TDeadJob> = {
    title: t('columns.actions'),
    width: 110,
    items: [
      {
        key: 'retry',
        label: t('actions.retry'),
        name: (job) => t('actions.retryJob', { id: job.id, kind: kindOf(job) }),
        icon: RedoOutlined,
        confirm: (job) => confirmation(t, 'confirm', { kind: kindOf(job), id: job.id }),
        pending: (job) => retry.isRunning(job.id),
        onRun: (job) => retry.run(job.id),
      },
    ],
  };

  return (
    <AdminListPage
      className="jobs-admin"
      texts={texts}
      list={list}
      rows={jobs}
      name="job-filters"
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
      scrollX={940}
      emptyText={t('list.empty')}
    />
  );
}

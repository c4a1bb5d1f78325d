import { DeleteOutlined } from '@ant-design/icons';
import {
  RISK_BLOCKLIST_KINDS,
  type TRiskBlocklistEntry,
  type TRiskBlocklistKind,
  type TRiskSettings,
} from '@ezrecharge/shared/schemas/risk';
import { Button, Form, Input, InputNumber, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import dayjs from '../../../lib/dayjs';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import {
  useAddBlocklist,
  useBlocklist,
  useDeleteBlocklist,
  useRiskSettings,
  useSaveRiskSettings,
} from '../api/risk';

interface TAddValues {
  kind: TRiskBlocklistKind;
  value: string;
  reason: string;
  /** yyyy-mm-ddThh:mm in the operator's time, or empty: no expiry. */
  expires_at: string;
}

const NUMBER_FIELDS = [
  'card_testing_failures',
  'card_testing_window_minutes',
  'velocity_sgd',
  'velocity_window_hours',
  'first_order_sgd',
] as const;

function Blocklist() {
  const { t } = useTranslation('risk-admin');
  const list = useBlocklist();
  const [form] = Form.useForm<TAddValues>();
  const add = useToastedMutation(useAddBlocklist(), {
    success: ({ message }) => message,
    onSuccess: () => form.resetFields(),
  });
  const remove = useToastedMutation(useDeleteBlocklist(), { success: ({ message }) => message });
  const columns: TableColumnsType<TRiskBlocklistEntry> = [
    { title: t('kind'), dataIndex: 'kind', render: (kind: TRiskBlocklistKind) => t(`kinds.${kind}`) },
    { title: t('value'), dataIndex: 'value' },
    { title: t('reason'), dataIndex: 'reason' },
    {
      title: t('expires'),
      dataIndex: 'expires_at',
      render: (at: string | null, entry) => (
        <>
          {at ? dayjs(at).format('D MMM YYYY, HH:mm') : t('never')}{' '}
          {!entry.active && <Tag>{t('expired')}</Tag>}
        </>
      ),
    },
    {
      title: '',
      key: 'delete',
      render: (_value, entry) => (
        <Button
          danger
          icon={<DeleteOutlined />}
          aria-label={t('deleteFor', { value: entry.value })}
          loading={remove.isRunning(entry.id)}
          onClick={() => void remove.run(entry.id)}
        />
      ),
    },
  ];
  return (
    <section aria-labelledby="risk-blocklist">
      <h2 id="risk-blocklist">{t('blocklist')}</h2>
      <Form<TAddValues>
        form={form}
        layout="inline"
        aria-label={t('add')}
        initialValues={{ kind: 'bigo_id', value: '', reason: '', expires_at: '' }}
        onFinish={(v) =>
          void add.run({
            kind: v.kind,
            value: v.value.trim(),
            reason: v.reason.trim(),
            expires_at: v.expires_at ? new Date(v.expires_at).toISOString() : null,
          })
        }
      >
        <Form.Item name="kind" label={t('kind')}>
          <Select
            style={{ minWidth: 140 }}
            options={RISK_BLOCKLIST_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="value" label={t('value')} rules={[{ required: true, message: t('required') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item name="expires_at" label={t('expires')}>
          <Input type="datetime-local" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('add')}
        </Button>
      </Form>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <Table<TRiskBlocklistEntry> rowKey="id" columns={columns} dataSource={list.data} pagination={false} />
      )}
    </section>
  );
}

function Settings() {
  const { t } = useTranslation('risk-admin');
  const settings = useRiskSettings();
  const save = useToastedMutation(useSaveRiskSettings(), { success: ({ message }) => message });
  if (settings.isPending) return <PageLoading />;
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  return (
    <section aria-labelledby="risk-settings">
      <h2 id="risk-settings">{t('settings')}</h2>
      <Form<TRiskSettings>
        layout="vertical"
        aria-label={t('settings')}
        initialValues={settings.data}
        onFinish={(values) => void save.run({ ...settings.data, ...values })}
      >
        {NUMBER_FIELDS.map((name) => (
          <Form.Item key={name} name={name} label={t(`fields.${name}`)} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </section>
  );
}

/** Issue #29: the risk controls (superusers): the blocklist with reasons and expiry, and the rules' settings. */
export function RiskPage() {
  const { t } = useTranslation('risk-admin');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Blocklist />
      <Settings />
    </>
  );
}

import {
  ANSWERABLE_DISPUTE_STATUSES,
  DISPUTE_EXPLANATION_MAX,
  type TDispute,
  type TDisputeEvidence,
  ZDisputeEvidenceSubmit,
} from '@ezrecharge/shared/schemas/disputes';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { App, Button, Form, Input, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules } from '../../../lib/antd-form-rules';
import dayjs from '../../../lib/dayjs';
import { formatPrice } from '../../../lib/money-format';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetOrderDisputes, useSubmitDisputeEvidence } from '../api/order-disputes';

/** The gateways' names as operators know them. */
const GATEWAY_NAMES: Readonly<Record<string, string>> = { stripe: 'Stripe', fiuu: 'Fiuu' };
const gatewayName = (gateway: string) => GATEWAY_NAMES[gateway] ?? gateway;

const isAnswerable = (dispute: TDispute) =>
  (ANSWERABLE_DISPUTE_STATUSES as readonly string[]).includes(dispute.status);

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  won: 'success',
  lost: 'error',
  warning_closed: 'default',
  under_review: 'processing',
  warning_under_review: 'processing',
};

/**
 * Issue #28: an order's disputes in its expanded row (superusers): each with its amount, reason, status and the date
 * evidence is due, then the evidence the shop holds and the explanation for the bank (prefilled, editable), and the
 * one-step "Submit evidence" to the gateway, confirmed first. Nothing shows for an order without a dispute.
 */
export function OrderDisputes({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const disputes = useGetOrderDisputes(order.order_num);

  if (disputes.isPending) {
    return (
      <div className="order-history__state" role="status">
        <Spin size="small" /> {t('disputes.loading')}
      </div>
    );
  }
  if (disputes.isError) {
    return (
      <div className="order-history__state" role="alert">
        {t('disputes.loadFailed')}
        <Button size="small" onClick={() => void disputes.refetch()}>
          {t('result.retry')}
        </Button>
      </div>
    );
  }
  const { disputes: list, evidence } = disputes.data;
  if (list.length === 0) return null;
  const headingId = `disputes-${order.id}`;
  const open = list.find(isAnswerable);

  return (
    <section className="order-disputes" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-history__title">
        {t('disputes.heading')}
      </h3>
      <ul className="order-disputes__list">
        {list.map((dispute) => (
          <li key={dispute.id}>
            <DisputeFacts dispute={dispute} />
          </li>
        ))}
      </ul>
      <EvidencePanel order={order} evidence={evidence} open={open} />
    </section>
  );
}

function DisputeFacts({ dispute }: { dispute: TDispute }) {
  const { t } = useTranslation('orders');
  const dateFormat = t('history.dateFormat');
  const rows: [string, ReactNode][] = [
    [t('disputes.gateway'), `${gatewayName(dispute.gateway)} ${dispute.dispute_ref}`],
    [t('disputes.amount'), formatPrice(dispute.currency, dispute.amount)],
    [t('disputes.reason'), t(`disputes.reasons.${dispute.reason}`, { defaultValue: dispute.reason })],
    [
      t('disputes.status'),
      <Tag key="status" color={STATUS_COLOURS[dispute.status] ?? 'warning'}>
        {t(`disputes.statuses.${dispute.status}`, { defaultValue: dispute.status })}
      </Tag>,
    ],
    [
      t('disputes.dueBy'),
      dispute.evidence_due_by ? (
        <time key="due" dateTime={dispute.evidence_due_by}>
          {dayjs(dispute.evidence_due_by).format(dateFormat)}
        </time>
      ) : (
        t('disputes.none')
      ),
    ],
  ];
  if (dispute.evidence_submitted_at) {
    rows.push([
      t('disputes.submittedAt'),
      <time key="submitted" dateTime={dispute.evidence_submitted_at}>
        {dayjs(dispute.evidence_submitted_at).format(dateFormat)}
      </time>,
    ]);
  }
  return <Facts rows={rows} label={t('disputes.factsOf', { ref: dispute.dispute_ref })} />;
}

function Facts({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <dl className="order-disputes__facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} className="order-disputes__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface TExplanationValues {
  explanation: string;
}

/**
 * What the shop holds about the order, as it is sent (when and from where it was placed, the BIGO ID, when and how
 * BIGO confirmed the delivery, the receipt), and the explanation: editable while a dispute takes evidence.
 */
function EvidencePanel({
  order,
  evidence,
  open,
}: {
  order: TOrder;
  evidence: TDisputeEvidence;
  open: TDispute | undefined;
}) {
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const [form] = Form.useForm<TExplanationValues>();
  const submit = useToastedMutation(useSubmitDisputeEvidence(), {
    success: ({ message }) => message,
  });
  const dateFormat = t('history.dateFormat');
  const when = (at: string | null) =>
    at ? <time dateTime={at}>{dayjs(at).format(dateFormat)}</time> : t('disputes.none');
  const headingId = `evidence-${order.id}`;
  const explanationLabel = t('disputes.explanation');

  const confirmSubmit = ({ explanation }: TExplanationValues) => {
    if (!open) return;
    const gateway = gatewayName(open.gateway);
    modal.confirm({
      title: t('disputes.confirm.title', { gateway }),
      content: t('disputes.confirm.text', { gateway, ref: open.dispute_ref }),
      okText: t('disputes.confirm.ok'),
      cancelText: t('actions.cancel'),
      centered: true,
      onOk: () =>
        submit.run({ order_num: order.order_num, dispute_id: open.id, explanation: explanation.trim() }),
    });
  };

  return (
    <section className="order-disputes__evidence" aria-labelledby={headingId}>
      <h4 id={headingId} className="order-history__title">
        {t('disputes.evidence')}
      </h4>
      <Facts
        label={t('disputes.evidence')}
        rows={[
          [t('disputes.placedAt'), when(evidence.placed_at)],
          [t('disputes.clientIp'), evidence.client_ip ?? t('disputes.notRecorded')],
          [t('disputes.userAgent'), evidence.user_agent ?? t('disputes.notRecorded')],
          [t('disputes.email'), evidence.email],
          [t('disputes.bigoId'), evidence.bigo_id],
          [t('disputes.paidAt'), when(evidence.paid_at)],
          [t('disputes.deliveredAt'), when(evidence.delivered_at)],
          [t('disputes.confirmation'), evidence.delivery_confirmation ?? t('disputes.none')],
          [t('disputes.receiptSentAt'), when(evidence.receipt_sent_at)],
        ]}
      />
      {open ? (
        <Form<TExplanationValues>
          form={form}
          name={`dispute-evidence-${order.id}`}
          layout="vertical"
          initialValues={{ explanation: evidence.explanation }}
          onFinish={confirmSubmit}
        >
          <Form.Item
            name="explanation"
            extra={t('disputes.explanationHint')}
            {...fieldRules(ZDisputeEvidenceSubmit.shape.explanation, explanationLabel)}
          >
            <Input.TextArea rows={5} maxLength={DISPUTE_EXPLANATION_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            {t('disputes.submit', { gateway: gatewayName(open.gateway) })}
          </Button>
        </Form>
      ) : (
        <p className="order-history__state">{t('disputes.closedForEvidence')}</p>
      )}
    </section>
  );
}

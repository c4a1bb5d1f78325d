import { ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared/order-status';
import {
  ORDER_ACTION_REASON_MAX,
  type TExtraPayment,
  type TOrder,
  type TRefundBankDetails,
  ZOrderAction,
  ZRefundBankFields,
} from '@ezrecharge/shared/schemas/orders';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money-format';
import { useErrorPopup } from '../../../lib/popup';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useMarkDelivered } from '../api/mark-delivered';
import { useRefundExtraPayment } from '../api/refund-extra-payment';
import { useRefundOrder } from '../api/refund-order';
import { useRetryCharge } from '../api/retry-charge';
import { useApproveReview, useRefuseReview } from '../api/risk-decision';

/**
 * The superusers' actions on an order that needs an operator (DESIGN.md §6), by the order's status; issue #29's
 * approve and refuse on a paid order held for review.
 */
export type TOrderActionKind =
  | 'retryCharge'
  | 'markDelivered'
  | 'refund'
  | 'retryRefund'
  | 'approveReview'
  | 'refuseReview';

/** Every action the dialog takes: the order's, and the refund of one of its extra payments (issue #26). */
export type TActionKind = TOrderActionKind | 'refundExtra';

/** The status each action starts from: the server refuses any other, and the list offers it only there. */
export const ACTION_STATUS: Readonly<Record<TOrderActionKind, TOrderStatus>> = {
  retryCharge: ORDER_STATUS.CHARGE_FAILED,
  markDelivered: ORDER_STATUS.CHARGE_FAILED,
  refund: ORDER_STATUS.CHARGE_FAILED,
  retryRefund: ORDER_STATUS.REFUND_FAILED,
  approveReview: ORDER_STATUS.PAYMENT_COMPLETED,
  refuseReview: ORDER_STATUS.PAYMENT_COMPLETED,
};

export const ACTION_KINDS = [
  'retryCharge',
  'markDelivered',
  'refund',
  'retryRefund',
  'approveReview',
  'refuseReview',
] as const satisfies TOrderActionKind[];

/** Actions that give money back or end the delivery: shown in the danger colour. */
export const isDangerousAction = (kind: TActionKind): boolean =>
  kind === 'refund' || kind === 'retryRefund' || kind === 'refundExtra' || kind === 'refuseReview';

const isReview = (kind: TOrderActionKind) => kind === 'approveReview' || kind === 'refuseReview';

/** The actions an order offers: by its status, and (issue #29) approve/refuse only while it is held for review. */
export const actionsFor = (order: Pick<TOrder, 'order_status' | 'review_hours'>): TOrderActionKind[] =>
  ACTION_KINDS.filter(
    (kind) => ACTION_STATUS[kind] === order.order_status && isReview(kind) === Boolean(order.review_hours),
  );

interface TReasonValues {
  reason: string;
  /** Issue #26: the operator looked the order up in BIGO's reseller console (a refund of an uncertain delivery). */
  confirmed_not_delivered?: boolean;
  /** The buyer's bank, for refunding an online-banking payment (flat, as the form holds them). */
  bank_code?: string;
  bank_country?: string;
  name?: string;
  account_no?: string;
}

const FIELDS = [
  'reason',
  'confirmed_not_delivered',
  'bank_code',
  'bank_country',
  'name',
  'account_no',
] as const;
const BANK_FIELDS = ['bank_code', 'bank_country', 'name', 'account_no'] as const;
/** The server names the whole block `bank` when it is missing: that message goes under the bank code. */
const ALIASES = { bank: 'bank_code' } as const;

const isRefund = (kind: TActionKind) => kind === 'refund' || kind === 'retryRefund';

/** The bank fields the form sends, or undefined when none was filled in. */
function bankOf(values: TReasonValues): TRefundBankDetails | undefined {
  if (!values.bank_code?.trim()) return undefined;
  return {
    bank_code: values.bank_code.trim(),
    bank_country: (values.bank_country?.trim() || 'MY').toUpperCase(),
    name: values.name?.trim() ?? '',
    account_no: values.account_no?.trim() ?? '',
  };
}

interface TOrderActionModalProps {
  kind: TActionKind;
  order: TOrder;
  /** With `refundExtra`: the extra payment to refund. */
  extraPayment?: TExtraPayment | undefined;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Retry charge, mark delivered, refund or retry refund (superusers): the dialog says what will happen and asks for
 * the reason the server keeps on the order's event and in the audit log; OK confirms. Success shows the server's message;
 * a refusal (400: the status moved on, or the gateway cannot refund now) shows in the error popup.
 */
export function OrderActionModal({
  kind,
  order,
  extraPayment,
  open,
  onClose,
  afterClose,
}: TOrderActionModalProps) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<TReasonValues>();
  const popup = useErrorPopup();
  /** Success shows the server's message and closes the dialog; a refusal shows on the form or in the popup. */
  const shown = {
    success: ({ message }: { message: string }) => message,
    onError: (error: unknown) => {
      reportFormError(form, error, popup, { fields: FIELDS, aliases: ALIASES });
      // A refusal will not change by asking again (the order moved on); a lost connection might, so the
      // dialog stays open with the reason typed.
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length === 0) onClose();
    },
    onSuccess: onClose,
  };
  const retry = useToastedMutation(useRetryCharge(), shown);
  const markDelivered = useToastedMutation(useMarkDelivered(), shown);
  const refund = useToastedMutation(useRefundOrder(), shown);
  const refundExtra = useToastedMutation(useRefundExtraPayment(), shown);
  const approveReview = useToastedMutation(useApproveReview(), shown);
  const refuseReview = useToastedMutation(useRefuseReview(), shown);
  const mutations = {
    retryCharge: retry,
    markDelivered,
    refund,
    retryRefund: refund,
    approveReview,
    refuseReview,
  } as const;
  const pending = kind === 'refundExtra' ? refundExtra.isPending : mutations[kind].isPending;
  const reasonLabel = t('actions.reason');
  const title = t(`actions.${kind}.title`, { orderNum: order.order_num });

  // An online-banking payment is refunded by bank transfer: the buyer's bank is asked for (required), or offered
  // when the payment's channel is not known (optional).
  let bankNeed: TOrder['refund_bank_details'] = 'none';
  if (isRefund(kind)) bankNeed = order.refund_bank_details;
  else if (kind === 'refundExtra' && extraPayment) bankNeed = extraPayment.refund_bank_details;
  const bankRule = (schema: z.ZodType, label: string) =>
    fieldRules(bankNeed === 'required' ? schema : z.union([z.literal(''), schema]), label);
  // Issue #26: BIGO may have delivered this order; the server refuses the refund without the operator's word.
  const checkDelivery = isRefund(kind) && order.delivery_uncertain;
  const confirmLabel = checkDelivery ? t(`actions.${kind}.confirm`) : '';

  const submit = (values: TReasonValues): Promise<boolean> => {
    const reason = values.reason.trim();
    const bank = bankNeed === 'none' ? undefined : bankOf(values);
    if (kind === 'refundExtra') {
      if (!extraPayment) {
        // Not reachable (the list opens this dialog with its payment); shown as any unexpected failure would be.
        shown.onError(new Error('refundExtra needs the extra payment'));
        return Promise.resolve(false);
      }
      return refundExtra.run({ id: extraPayment.id, body: { reason, ...(bank ? { bank } : {}) } });
    }
    return mutations[kind].run({
      orderNum: order.order_num,
      body: {
        reason,
        ...(bank ? { bank } : {}),
        ...(checkDelivery ? { confirmed_not_delivered: values.confirmed_not_delivered === true } : {}),
      },
    });
  };

  return (
    <Modal
      open={open}
      className="order-action"
      title={title}
      okText={t(`actions.${kind}.ok`)}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: isDangerousAction(kind), loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      centered
      destroyOnHidden
    >
      <p className="order-action__text">
        {t(`actions.${kind}.text`, {
          ref: extraPayment?.gateway_ref ?? '',
          amount: extraPayment ? formatPrice(extraPayment.currency, extraPayment.amount) : '',
        })}
      </p>
      {checkDelivery && (
        <Alert
          className="order-action__warning"
          type="warning"
          showIcon
          title={t(`actions.${kind}.uncertain`)}
        />
      )}
      <Form<TReasonValues>
        form={form}
        name={`order-${kind}`}
        layout="vertical"
        initialValues={{
          reason: '',
          confirmed_not_delivered: false,
          bank_code: '',
          bank_country: 'MY',
          name: '',
          account_no: '',
        }}
        onFinish={(values) => void submit(values)}
        aria-label={title}
      >
        {checkDelivery && (
          <Form.Item
            name="confirmed_not_delivered"
            valuePropName="checked"
            rules={[
              {
                validator: (_rule, value) =>
                  value === true
                    ? Promise.resolve()
                    : Promise.reject(new Error(t(`actions.${kind}.confirmRequired`))),
              },
            ]}
          >
            <Checkbox>{confirmLabel}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="reason" {...fieldRules(ZOrderAction.shape.reason, reasonLabel)}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            count={{ show: true, max: ORDER_ACTION_REASON_MAX }}
            placeholder={t('actions.reasonPlaceholder')}
          />
        </Form.Item>
        {bankNeed !== 'none' && (
          <fieldset className="order-action__bank">
            <legend>{t('actions.bank.legend')}</legend>
            <p className="order-action__text">
              {t(bankNeed === 'required' ? 'actions.bank.required' : 'actions.bank.optional')}
            </p>
            {BANK_FIELDS.map((field) => (
              <Form.Item
                key={field}
                name={field}
                extra={t(`actions.bank.${field}Hint`)}
                {...bankRule(ZRefundBankFields[field], t(`actions.bank.${field}`))}
              >
                <Input autoComplete="off" />
              </Form.Item>
            ))}
          </fieldset>
        )}
      </Form>
    </Modal>
  );
}

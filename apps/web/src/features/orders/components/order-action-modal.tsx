import { ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared/order-status';
import {
  ORDER_ACTION_REASON_MAX,
  type TOrder,
  type TRefundBankDetails,
  ZOrderAction,
  ZRefundBankFields,
} from '@ezrecharge/shared/schemas/orders';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useMarkDelivered } from '../api/mark-delivered';
import { useRefundOrder } from '../api/refund-order';
import { useRetryCharge } from '../api/retry-charge';

/** The superusers' actions on an order that needs an operator (DESIGN.md §6). */
export type TOrderActionKind = 'retryCharge' | 'markDelivered' | 'refund' | 'retryRefund';

/** The status each action starts from: the server refuses any other, and the list offers it only there. */
export const ACTION_STATUS: Readonly<Record<TOrderActionKind, TOrderStatus>> = {
  retryCharge: ORDER_STATUS.CHARGE_FAILED,
  markDelivered: ORDER_STATUS.CHARGE_FAILED,
  refund: ORDER_STATUS.CHARGE_FAILED,
  retryRefund: ORDER_STATUS.REFUND_FAILED,
};

export const ACTION_KINDS = [
  'retryCharge',
  'markDelivered',
  'refund',
  'retryRefund',
] as const satisfies TOrderActionKind[];

/** Actions that give money back or end the delivery: shown in the danger colour. */
export const isDangerousAction = (kind: TOrderActionKind): boolean =>
  kind === 'refund' || kind === 'retryRefund';

export const actionsFor = (status: TOrderStatus): TOrderActionKind[] =>
  ACTION_KINDS.filter((kind) => ACTION_STATUS[kind] === status);

interface TReasonValues {
  reason: string;
  /** The buyer's bank, for refunding an online-banking payment (flat, as the form holds them). */
  bank_code?: string;
  bank_country?: string;
  name?: string;
  account_no?: string;
}

const FIELDS = ['reason', 'bank_code', 'bank_country', 'name', 'account_no'] as const;
const BANK_FIELDS = ['bank_code', 'bank_country', 'name', 'account_no'] as const;
/** The server names the whole block `bank` when it is missing: that message goes under the bank code. */
const ALIASES = { bank: 'bank_code' } as const;

const isRefund = (kind: TOrderActionKind) => kind === 'refund' || kind === 'retryRefund';

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
  kind: TOrderActionKind;
  order: TOrder;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Retry charge, mark delivered, refund or retry refund (superusers): the dialog says what will happen and asks for
 * the reason the server keeps on the order's event and in the audit log; OK confirms. Success shows the server's message;
 * a refusal (400: the status moved on, or the gateway cannot refund now) shows in the error popup.
 */
export function OrderActionModal({ kind, order, open, onClose, afterClose }: TOrderActionModalProps) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<TReasonValues>();
  const popup = useErrorPopup();
  const retry = useRetryCharge();
  const markDelivered = useMarkDelivered();
  const refund = useRefundOrder();
  const mutations = { retryCharge: retry, markDelivered, refund, retryRefund: refund } as const;
  const mutation = mutations[kind];
  const reasonLabel = t('actions.reason');

  // An online-banking payment is refunded by bank transfer: the buyer's bank is asked for (required), or offered
  // when the payment's channel is not known (optional).
  const bankNeed = isRefund(kind) ? order.refund_bank_details : 'none';
  const bankRule = (schema: z.ZodType, label: string) =>
    fieldRules(bankNeed === 'required' ? schema : z.union([z.literal(''), schema]), label);

  const submit = async (values: TReasonValues): Promise<void> => {
    const bank = bankNeed === 'none' ? undefined : bankOf(values);
    let answer: Awaited<ReturnType<typeof mutation.mutateAsync>>;
    try {
      answer = await mutation.mutateAsync({
        orderNum: order.order_num,
        body: { reason: values.reason.trim(), ...(bank ? { bank } : {}) },
      });
    } catch (error) {
      reportFormError(form, error, popup, { fields: FIELDS, aliases: ALIASES });
      // A refusal will not change by asking again (the order moved on); a lost connection might, so the
      // dialog stays open with the reason typed.
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length === 0) onClose();
      return;
    }
    toast.success(answer.message);
    onClose();
  };

  return (
    <Modal
      open={open}
      className="order-action"
      title={t(`actions.${kind}.title`, { orderNum: order.order_num })}
      okText={t(`actions.${kind}.ok`)}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: isDangerousAction(kind), loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      centered
      destroyOnHidden
    >
      <p className="order-action__text">{t(`actions.${kind}.text`)}</p>
      <Form<TReasonValues>
        form={form}
        name={`order-${kind}`}
        layout="vertical"
        initialValues={{ reason: '', bank_code: '', bank_country: 'MY', name: '', account_no: '' }}
        onFinish={(values) => void submit(values)}
        aria-label={t(`actions.${kind}.title`, { orderNum: order.order_num })}
      >
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

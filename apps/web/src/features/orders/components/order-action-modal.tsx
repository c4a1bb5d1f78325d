import { ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared/order-status';
import { ORDER_ACTION_REASON_MAX, type TOrder, ZOrderAction } from '@ezrecharge/shared/schemas/orders';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { fieldRules, reportFormError, translateKnownMessage } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useRefundOrder } from '../api/refund-order';
import { useRetryCharge } from '../api/retry-charge';

/** The superusers' actions on an order that needs an operator (DESIGN.md §6). */
export type TOrderActionKind = 'retryCharge' | 'refund' | 'retryRefund';

/** The status each action starts from: the server refuses any other, and the list offers it only there. */
export const ACTION_STATUS: Readonly<Record<TOrderActionKind, TOrderStatus>> = {
  retryCharge: ORDER_STATUS.CHARGE_FAILED,
  refund: ORDER_STATUS.CHARGE_FAILED,
  retryRefund: ORDER_STATUS.REFUND_FAILED,
};

export const ACTION_KINDS = ['retryCharge', 'refund', 'retryRefund'] as const satisfies TOrderActionKind[];

export const actionsFor = (status: TOrderStatus): TOrderActionKind[] =>
  ACTION_KINDS.filter((kind) => ACTION_STATUS[kind] === status);

interface TReasonValues {
  reason: string;
}

const FIELDS = ['reason'] as const;

interface TOrderActionModalProps {
  kind: TOrderActionKind;
  order: TOrder;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Retry charge, refund or retry refund (superusers): the dialog says what will happen and asks for the reason the
 * server keeps on the order's event and in the audit log; OK confirms. Success shows the server's message;
 * a refusal (400: the status moved on, or the gateway cannot refund now) shows in the error popup.
 */
export function OrderActionModal({ kind, order, open, onClose, afterClose }: TOrderActionModalProps) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<TReasonValues>();
  const popup = useErrorPopup();
  const retry = useRetryCharge();
  const refund = useRefundOrder();
  const mutation = kind === 'retryCharge' ? retry : refund;
  const reasonLabel = t('actions.reason');

  const submit = async ({ reason }: TReasonValues): Promise<void> => {
    let answer: Awaited<ReturnType<typeof mutation.mutateAsync>>;
    try {
      answer = await mutation.mutateAsync({ orderNum: order.order_num, body: { reason: reason.trim() } });
    } catch (error) {
      reportFormError(form, error, popup, { fields: FIELDS });
      // A refusal will not change by asking again (the order moved on); a lost connection might, so the
      // dialog stays open with the reason typed.
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length === 0) onClose();
      return;
    }
    toast.success(translateKnownMessage(answer.message) ?? answer.message);
    onClose();
  };

  return (
    <Modal
      open={open}
      className="order-action"
      title={t(`actions.${kind}.title`, { orderNum: order.order_num })}
      okText={t(`actions.${kind}.ok`)}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: kind !== 'retryCharge', loading: mutation.isPending }}
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
        initialValues={{ reason: '' }}
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
      </Form>
    </Modal>
  );
}

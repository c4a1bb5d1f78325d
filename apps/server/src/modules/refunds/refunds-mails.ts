import { formatMinor } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { oneLine } from '../../infra/mail-text';
import { findExtraPayment } from '../order-lifecycle/extra-payments';
import { type Mail, type OrderMailFacts, orderMail, orderMailFacts } from '../order-lifecycle/order-mail';
import { findOrderById } from '../order-lifecycle/order-row';
import type { extraPaymentMailJob } from './refunds-common';

/**
 * Issue #26: the buyer's e-mails about a payment they made for an order besides the one that paid it — its refund
 * started, then completed — in the layout every order mail shares (order-lifecycle/order-mail.ts) and the order's
 * purchase language.
 */

const EXTRA_PAYMENT_TEXTS = {
  en: {
    refunding: {
      subject: (orderNum: string) => `We are refunding your second payment (EzRecharge order ${orderNum})`,
      intro:
        'We received two payments for this order. The diamonds are delivered once, for one payment; we are refunding the other one in full to the payment method you used.',
      after:
        'The money usually takes 3 to 7 business days to appear, depending on your bank or card issuer. We e-mail you when the refund is complete.',
    },
    refunded: {
      subject: (orderNum: string) => `Your second payment has been refunded (EzRecharge order ${orderNum})`,
      intro: 'The refund of the second payment you made for this order is complete.',
      after:
        'If you do not see the money within a few days, contact your bank or card issuer with the reference below.',
    },
    labels: ['Payment refunded', 'Payment reference'],
  },
  zh: {
    refunding: {
      subject: (orderNum: string) => `我们正在退还您重复支付的款项（EzRecharge 订单 ${orderNum}）`,
      intro:
        '我们收到了此订单的两笔付款。钻石只按一笔付款发放一次；另一笔款项我们正在全额退回您的原支付方式。',
      after: '视您的银行或发卡机构而定，款项通常需要 3 至 7 个工作日到账。退款完成后我们会发邮件通知您。',
    },
    refunded: {
      subject: (orderNum: string) => `您重复支付的款项已退还（EzRecharge 订单 ${orderNum}）`,
      intro: '您为此订单重复支付的款项已退款完成。',
      after: '如果几天内仍未看到款项，请凭下方的付款参考号联系您的银行或发卡机构。',
    },
    labels: ['退还金额', '付款参考号'],
  },
} as const;

/** Issue #26: a payment the buyer made for an order besides the one that paid it, being refunded or refunded. */
export function extraPaymentMail(
  facts: OrderMailFacts,
  payment: { ref: string; amount: number; currency: string },
  event: 'refunding' | 'refunded',
): Mail {
  const t = EXTRA_PAYMENT_TEXTS[facts.lang];
  const texts = t[event];
  const [amountLabel, refLabel] = t.labels;
  return orderMail(
    facts,
    texts.subject(facts.orderNum),
    [{ text: texts.intro, strong: true }],
    [
      [amountLabel, `${payment.currency} ${formatMinor(payment.amount, payment.currency)}`],
      [refLabel, oneLine(payment.ref)],
    ],
    [{ text: texts.after }],
  );
}

export interface ExtraPaymentMailDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: every order mail links to the order's result page there. */
  publicUrl: string;
}

/** Sends the buyer the e-mail of one event of an extra payment's refund. */
export function extraPaymentMailHandler(
  deps: ExtraPaymentMailDeps,
): JobHandler<PayloadOf<typeof extraPaymentMailJob>> {
  return async ({ extra_payment_id: id, event }) => {
    const extra = await findExtraPayment(deps.db, id);
    const order = extra ? await findOrderById(deps.db, extra.orderId) : undefined;
    if (!extra || !order) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...extraPaymentMail(orderMailFacts(order, deps.publicUrl), extra, event),
    });
    return undefined;
  };
}

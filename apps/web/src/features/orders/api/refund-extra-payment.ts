import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TExtraPaymentRefund, ZOrder } from '@ezrecharge/shared/schemas/orders';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { ordersQueryKey } from './keys';

const ZAnswer = envelope(ZOrder);

export interface TRefundExtraPaymentRequest {
  /** The extra payment's id (`extra_payments[].id` of the order). */
  id: number;
  body: TExtraPaymentRefund;
}

/**
 * POST /api/v1/order/extra-payment/refund?id= (issue #26, superusers): refunds a payment the gateway captured for an
 * order besides the one that paid it. A payment already refunding or refunded is refused (400); the list reloads
 * either way.
 */
export const useRefundExtraPayment = mutationHook(
  ({ id, body }: TRefundExtraPaymentRequest) =>
    api.post('/api/v1/order/extra-payment/refund', {
      query: { id },
      json: body,
      parse: (value) => ZAnswer.parse(value),
    }),
  { queryKey: ordersQueryKey, when: 'settled' },
);

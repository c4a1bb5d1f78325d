import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZOrder } from '@ezrecharge/shared/schemas/orders';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { ordersQueryKey } from './keys';
import type { TOrderActionRequest } from './order-action';

const ZDecisionAnswer = envelope(ZOrder);

/**
 * Issue #29: an operator's decision on an order held for review: POST /api/v1/risk/holds/decide?order_num= with
 * `{decision, reason}` (superusers). `approve` starts the delivery, `refuse` the refund; a second decision is 409.
 */
function riskDecisionHook(decision: 'approve' | 'refuse') {
  const call = ({ orderNum, body }: TOrderActionRequest) =>
    api.post('/api/v1/risk/holds/decide', {
      query: { order_num: orderNum },
      json: { decision, reason: body.reason },
      parse: (value) => ZDecisionAnswer.parse(value),
    });
  return mutationHook(call, { queryKey: ordersQueryKey, when: 'settled' });
}

export const useApproveReview = riskDecisionHook('approve');
export const useRefuseReview = riskDecisionHook('refuse');

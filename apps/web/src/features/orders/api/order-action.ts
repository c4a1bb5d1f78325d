import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TRefundAction, ZOrder } from '@ezrecharge/shared/schemas/orders';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { ordersQueryKey } from './keys';

const ZOrderActionAnswer = envelope(ZOrder);

export interface TOrderActionRequest {
  orderNum: string;
  /** `{reason}`; a refund adds the buyer's bank and the operator's delivery check where they are needed. */
  body: TRefundAction;
}

/**
 * An operator's action on an order: POST `path`?order_num= with `{reason}` (superusers), resolving with the
 * server's message and the order. The list and the open histories reload either way: a refusal usually means
 * another operator acted first.
 */
export function orderActionHook(path: string) {
  const call = ({ orderNum, body }: TOrderActionRequest) =>
    api.post(path, {
      query: { order_num: orderNum },
      json: body,
      parse: (value) => ZOrderActionAnswer.parse(value),
    });
  return mutationHook(call, { queryKey: ordersQueryKey, when: 'settled' });
}

import { orderActionHook } from './order-action';

/**
 * POST /api/v1/order/refund (DESIGN.md §6 10 → 11, or 13 → 11 to retry a failed refund): the gateway the order was
 * paid with refunds it in full. Other statuses (400 order_action_not_allowed) and a gateway that refuses to start
 * (400 refund_unavailable) are refused.
 */
export const useRefundOrder = orderActionHook('/api/v1/order/refund');

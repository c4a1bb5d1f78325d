import { orderActionHook } from './order-action';

/**
 * POST /api/v1/order/mark-delivered (10 → 9): for an order whose diamonds BIGO's reseller console shows as
 * credited. BIGO is not called; the buyer gets the receipt. Any other status than 10 is refused with 400.
 */
export const useMarkDelivered = orderActionHook('/api/v1/order/mark-delivered');

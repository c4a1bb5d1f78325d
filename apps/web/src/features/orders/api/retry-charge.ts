import { orderActionHook } from './order-action';

/** POST /api/v1/order/retry (DESIGN.md §6 10 → 8): queues the BIGO delivery again; other statuses than 10 get 400. */
export const useRetryCharge = orderActionHook('/api/v1/order/retry');

import { isPayable } from '@ezrecharge/shared/order-status';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { useSyncExternalStore } from 'react';
import { usePaymentHandoff } from '../../../lib/payment-handoff';
import { readLocal, STORAGE_KEYS, subscribeStorage } from '../../../lib/storage';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { usePayOrder } from '../api/pay-order';

/** The signed-in user's id as stored at sign-in (SPEC.md §3 `userId`), or null. */
function useStoredUserId(): number | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readLocal(STORAGE_KEYS.userId),
    () => null,
  );
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) ? id : null;
}

/**
 * Pay Now of the order list (SPEC.md §2, §6): offered only to the buyer who placed the order, only while it awaits
 * payment (2 or 3); it asks the server for fresh hand-off data and hands the buyer to the payment page as the
 * recharge form does. A refusal (400: paid meanwhile, expired) says why in the popup.
 */
export function usePayNow() {
  const userId = useStoredUserId();
  const handoff = usePaymentHandoff();
  const pay = useToastedMutation(usePayOrder(), {
    onSuccess: (answer) => handoff.start(answer.data, answer.message),
  });
  return {
    offeredOn: (order: TOrder): boolean =>
      order.created_by !== null && order.created_by === userId && isPayable(order.order_status),
    run: (orderNum: string) => pay.run(orderNum),
    /** The order's call runs, or the buyer is on the way to its payment page. */
    isRunning: (orderNum: string): boolean => pay.isRunning(orderNum) || handoff.leaving === orderNum,
    /** No second Pay Now while one runs or the buyer is leaving. */
    busy: pay.isPending || handoff.leaving !== null,
    isPending: pay.isPending,
    /** The hand-off that stalled (the payment page did not open), to offer again. */
    stalled: handoff.stalled,
  };
}

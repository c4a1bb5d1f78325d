import type { DbOrTx } from '../../infra/db';
import {
  applyPaymentOutcome as applyToOrder,
  type PaymentOutcome,
  type PaymentOutcomeResult,
} from '../order-lifecycle/payment-outcomes';
import { rewardsOnPaid } from '../rewards/rewards-grants';

/**
 * Every verified payment answer of this module goes through here: the order lifecycle's `applyPaymentOutcome`
 * with the rewards of the move to 7 (issue #16: channel bonus, a revived order's grants checked again) run in its
 * `onPaid` hook, in the same transaction as the move. The order lifecycle does not know the rewards module.
 */
export function applyPaymentOutcome(db: DbOrTx, outcome: PaymentOutcome): Promise<PaymentOutcomeResult> {
  return applyToOrder(db, {
    ...outcome,
    onPaid: async (tx, order) => {
      await outcome.onPaid?.(tx, order);
      await rewardsOnPaid(tx, order);
    },
  });
}

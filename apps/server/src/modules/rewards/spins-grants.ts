import { ORDER_STATUS, orderNote, prizeOrderId, spinsEarned } from '@ezrecharge/shared';
import type { DbOrTx } from '../../infra/db';
import { noteOrder } from '../order-lifecycle/order-moves';
import type { OrderRow } from '../order-lifecycle/order-row';
import {
  insertSpin,
  lastSeqOfOrder,
  lockBuyer,
  readSpinSettings,
  setSpinStates,
  spinDiamondsOf,
  spinsHeld,
  writeSpinEvent,
} from './spins-repository';

/**
 * Spins follow their order (README.md): earned in the move to 7 (pending), unlocked by the move to 9 (available),
 * withdrawn by the move into 11 while unspent. Each runs inside the transaction of that move.
 */

/**
 * The move to 7, in its transaction: a signed-in buyer's order paid while spins are on counts its diamonds towards
 * spins (`spin_diamonds`), and the buyer gets every spin now owed — all spins for the diamonds of paid, unrefunded
 * orders, less those already held — as pending spins of this order. The buyer's row lock makes two orders paid at
 * once count in turn.
 */
export async function earnSpins(tx: DbOrTx, order: OrderRow): Promise<void> {
  const userId = order.createdBy;
  if (userId === null || order.spinDiamonds > 0 || order.amountGame <= 0) return;
  const settings = await readSpinSettings(tx, 'share');
  if (!settings.active || !(await lockBuyer(tx, userId))) return;
  await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], async (inner, current) => {
    const owed = spinsEarned(
      (await spinDiamondsOf(inner, userId)) + current.amountGame,
      settings.diamondsPerSpin,
    );
    const count = owed - (await spinsHeld(inner, userId));
    const first = (await lastSeqOfOrder(inner, current.id)) + 1;
    for (let seq = first; seq < first + count; seq++) {
      const spin = await insertSpin(inner, {
        userId,
        orderId: current.id,
        seq,
        gameId: current.gameId,
        buOrderid: prizeOrderId(current.orderNum, seq),
      });
      await writeSpinEvent(inner, spin.id, {
        cause: `spin earned by order ${current.orderNum} (pending until its diamonds are delivered)`,
        actor: 'system',
        detail: { state: 'pending', order_num: current.orderNum },
      });
    }
    const earned = Math.max(0, count);
    return {
      cause:
        earned === 1
          ? orderNote('spin_earned', { diamonds: current.amountGame, perSpin: settings.diamondsPerSpin })
          : earned > 0
            ? orderNote('spins_earned', {
                count: earned,
                diamonds: current.amountGame,
                perSpin: settings.diamondsPerSpin,
              })
            : orderNote('spins_counted', { diamonds: current.amountGame, perSpin: settings.diamondsPerSpin }),
      actor: 'system',
      detail: { spins: { earned, diamonds: current.amountGame, per_spin: settings.diamondsPerSpin } },
      set: { spinDiamonds: current.amountGame },
    };
  });
}

/** The move to 9, in its transaction: the order's pending spins can be spun now. */
export async function unlockSpins(tx: DbOrTx, order: OrderRow): Promise<void> {
  for (const spin of await setSpinStates(tx, order.id, ['pending'], 'available')) {
    await writeSpinEvent(tx, spin.id, {
      cause: `order ${order.orderNum} delivered: the spin can be used`,
      actor: 'system',
      detail: { state: 'available' },
    });
  }
}

/** The move into 11, in its transaction: the order's unspent spins are withdrawn, each with an event. */
export async function withdrawSpins(tx: DbOrTx, order: OrderRow, actor: string): Promise<void> {
  const withdrawn = await setSpinStates(tx, order.id, ['pending', 'available'], 'withdrawn');
  if (withdrawn.length === 0) return;
  for (const spin of withdrawn) {
    await writeSpinEvent(tx, spin.id, {
      cause: `withdrawn: order ${order.orderNum} went to a refund`,
      actor,
      detail: { state: 'withdrawn' },
    });
  }
  await noteOrder(tx, order.orderNum, [ORDER_STATUS.REFUNDING], {
    cause:
      withdrawn.length === 1
        ? orderNote('spin_withdrawn')
        : orderNote('spins_withdrawn', { count: withdrawn.length }),
    actor,
    detail: { spins: { withdrawn: withdrawn.length } },
  });
}

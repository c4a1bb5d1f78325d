import { ORDER_STATUS, orderNote } from '@ezrecharge/shared';
import type { ProviderDescriptor } from '../../gateways';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import { noteOrder } from '../order-lifecycle/order-moves';

/**
 * Issue #30: the buyer chose a channel on our page and the payment arrived through another (Fiuu's page lets a buyer
 * switch between channels of a currency): the payment counts all the same, and the order's history says so for the
 * operator. A subscriber on the arrival at 7, in the move's transaction, so every path that finds an order paid — a
 * notification, a status query at Pay Now, on the buyer's return or at the deadline, the reconciliation — is checked
 * alike. The comparison is the provider's own (its descriptor's, read without settings); a payment that names no
 * channel says nothing about it.
 */
export function channelMismatchSubscriber(providers: readonly ProviderDescriptor[]): OrderSubscriber {
  return {
    name: 'payments: channel chosen vs paid',
    on: [ORDER_STATUS.PAYMENT_COMPLETED],
    async moved(tx, { order, cause }) {
      const chosen = order.paymentChannelChoice;
      const reported = order.paymentChannel;
      if (!chosen || !reported) return;
      const provider = providers.find((p) => p.id === order.gateway);
      if (!provider || provider.sameChannel(chosen, reported)) return;
      await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], {
        cause: orderNote('payment_channel_mismatch', { chosen, reported, cause }),
        actor: `gateway:${order.gateway}`,
        detail: { chosen_channel: chosen, reported_channel: reported },
      });
    },
  };
}

import type { TOrderNote, TOrderStatus } from '@ezrecharge/shared';
import type { DbOrTx } from '../../infra/db';
import type { ExtraPaymentRow } from './extra-payments';
import type { OrderRow } from './order-row';

/**
 * What the order's life announces (issue #27), and who listens. Every move of an order writes its `order_events`
 * row and, in the same transaction, runs the reactions of the subscribers to that arrival: each queues its own jobs
 * there (a transactional outbox: the job exists exactly when the move commits) or writes what must commit with the
 * move (a bonus decided before the BIGO call that carries it). Subscribers live in their own modules (fulfilment,
 * rewards, refunds, …) and are handed to the lifecycle once, by the composition root: the core knows none of them,
 * and no caller passes it a closure.
 */

/** An order's arrival in a status, as its move wrote it. */
export interface OrderMoved {
  /** The order as the move left it (the row is locked until the transaction ends). */
  order: OrderRow;
  from: TOrderStatus;
  to: TOrderStatus;
  cause: TOrderNote;
  actor: string;
  /** The move's detail, as its `order_events` row keeps it (issue #29: a payment's `payment_risk`). */
  detail?: Record<string, unknown> | undefined;
  /** The `order_events` row of the move: a reaction's job key names it, so a reaction runs once per arrival. */
  eventId: number;
}

/** A payment captured for an order besides the one that paid it (issue #26), as it was recorded. */
export interface ExtraPaymentRecorded {
  order: OrderRow;
  payment: ExtraPaymentRow;
}

export interface OrderSubscriber {
  /** Who reacts, for logs and errors ("fulfilment: delivery"). */
  readonly name: string;
  /** The statuses whose arrival `moved` reacts to. */
  readonly on?: readonly TOrderStatus[];
  /** Runs in the move's transaction; a throw undoes the move. */
  moved?(tx: DbOrTx, event: OrderMoved): Promise<void>;
  /** Runs in the transaction that recorded the extra payment. */
  extraPayment?(tx: DbOrTx, event: ExtraPaymentRecorded): Promise<void>;
}

/** The subscribers of the whole site, as the composition root hands them to the lifecycle. */
export class OrderSubscribers {
  constructor(private readonly subscribers: readonly OrderSubscriber[]) {
    const names = new Set<string>();
    for (const s of subscribers) {
      if (names.has(s.name)) throw new Error(`order subscriber ${s.name} is registered twice`);
      names.add(s.name);
      if (s.moved && !s.on?.length)
        throw new Error(`order subscriber ${s.name} reacts to moves but names none`);
    }
  }

  /** Runs every reaction to `event`, in the order the subscribers were given. */
  async moved(tx: DbOrTx, event: OrderMoved): Promise<void> {
    for (const s of this.subscribers) {
      if (s.moved && s.on?.includes(event.to)) await s.moved(tx, event);
    }
  }

  async extraPayment(tx: DbOrTx, event: ExtraPaymentRecorded): Promise<void> {
    for (const s of this.subscribers) if (s.extraPayment) await s.extraPayment(tx, event);
  }

  /** Who reacts to an arrival in `status` (for the architecture test and the docs). */
  namesOn(status: TOrderStatus): string[] {
    return this.subscribers.filter((s) => s.moved && s.on?.includes(status)).map((s) => s.name);
  }
}

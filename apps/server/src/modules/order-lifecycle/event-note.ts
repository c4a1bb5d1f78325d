import { orderNoteText, type TOrderNote } from '@ezrecharge/shared';

/**
 * The `order_events` columns of a note (issue #32): its English text (`cause`, for logs and operator e-mails) and
 * its key with values (`note`, shown in the reader's language). Every writer of order events uses it.
 */
export function eventNoteColumns(cause: TOrderNote): { cause: string; note: TOrderNote } {
  return { cause: orderNoteText(cause), note: cause };
}

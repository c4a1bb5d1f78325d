import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { ORDER_STATUSES } from '../order-status';

/**
 * The schemas of the code lists of money.ts and order-status.ts, kept apart from them: those two are in the
 * storefront's first load, which does without zod (apps/web/src/lib/lazy-schemas.ts).
 */
export const ZCurrency = z.enum(CURRENCY_CODES);

/** A price or order amount: a positive whole number of minor units, small enough to stay exact in JSON. */
export const ZMinorAmount = z.int().positive();
export type TMinorAmount = z.infer<typeof ZMinorAmount>;

export const ZOrderStatus = z.literal(ORDER_STATUSES);

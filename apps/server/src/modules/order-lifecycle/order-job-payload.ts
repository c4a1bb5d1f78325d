import { z } from 'zod';

/** The payload of every job about one order. */
export const ZOrderJobPayload = z.strictObject({ order_num: z.string().min(1).max(64) });
export type TOrderJobPayload = z.infer<typeof ZOrderJobPayload>;

import { z } from 'zod';

/**
 * The operators' view of background jobs that ran out of attempts (issue #12): what failed, how often, the last
 * error, and a retry. Payloads hold references only (order numbers, counts), never secrets.
 */
export const ZDeadJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When it died (its last change). */
  updated_at: z.string(),
});
export type TDeadJob = z.infer<typeof ZDeadJob>;

/** Filter of the dead-job list: one kind, or all. */
export const ZDeadJobListQuery = z.object({
  kind: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type TDeadJobListQuery = z.infer<typeof ZDeadJobListQuery>;

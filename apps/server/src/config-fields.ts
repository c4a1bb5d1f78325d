import { z } from 'zod';

/**
 * The field types of the environment schema (config.ts), shared with the payment providers' descriptors, which
 * declare their own variables (gateways/provider-descriptor.ts). A module of its own so that a descriptor does not
 * import config.ts, which imports the registry of descriptors.
 */

/** Text, trimmed; empty is unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v), 'must be an http(s) URL');

/** A comma-separated list: blanks ignored. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Where the data lives (config.ts DATABASE_URL / DATA_DIR); here so that infra/db.ts need not import config.ts. */
export type DatabaseConfig =
  | { kind: 'pglite'; dir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string };

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

/**
 * A channel list variable's check (FIUU_CHANNELS, STRIPE_METHODS): `none`, or codes the adapter knows (in any case),
 * comma-separated.
 */
export function knownCodes(what: string, codes: readonly string[]) {
  const known = new Set(codes.map((c) => c.toLowerCase()));
  return (value: string | undefined, ctx: z.RefinementCtx): void => {
    if (value === undefined || value === 'none') return;
    const listed = splitList(value);
    const unknown = listed.length === 0 ? ['(empty)'] : listed.filter((c) => !known.has(c.toLowerCase()));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `names ${unknown.join(', ')}: must be ${what}, comma-separated (known: ${codes.join(', ')}), or none`,
      });
    }
  };
}

/** A channel list variable read: undefined (unset: every known one), [] (`none`) or the codes listed. */
export function channelChoice(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? [] : splitList(value);
}

/** Where the data lives (config.ts DATABASE_URL / DATA_DIR); here so that infra/db.ts need not import config.ts. */
export type DatabaseConfig =
  | { kind: 'pglite'; dir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string };

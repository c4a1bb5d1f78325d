/**
 * The BIGO ID as buyers type it, without zod (the recharge page's first load uses it; schemas/orders.ts checks it
 * with ZBigoId and re-exports both).
 */

/** A BIGO ID as the buyer types it (case-sensitive, without the "ID:" prefix). */
export const BIGO_ID_MAX = 64;

/**
 * The BIGO ID without what buyers copy along with it from the app's profile page: surrounding spaces and a leading
 * "ID:" label in any case, with or without spaces around the colon ("ID: Star88", "id:Star88" → "Star88"). The
 * ID itself is case-sensitive and kept as typed.
 */
export function normaliseBigoId(raw: string): string {
  return raw
    .trim()
    .replace(/^id\s*:\s*/i, '')
    .trim();
}

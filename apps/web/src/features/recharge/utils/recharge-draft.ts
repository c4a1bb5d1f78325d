import { ZCurrency } from '@ezrecharge/shared/money';
import { z } from 'zod';
import { readSession, removeSession, SESSION_STORAGE_KEYS, writeSession } from '../../../lib/storage';

/**
 * The recharge form's entries across the reload of the language toggle (SPEC.md §2: the toggle reloads the
 * recharge pages). The form writes them just before that reload and takes them back once after it, so the buyer
 * does not type the BIGO ID and e-mail again nor choose the pack anew. They live in this tab's session storage and
 * only as long as the reload needs: the form removes them once it has read them, and an entry older than DRAFT_TTL_MS (a reload that
 * never came back to the form) is ignored.
 */
export const DRAFT_TTL_MS = 60_000;

const ZRechargeDraft = z.object({
  product_id: z.number().int().positive().optional(),
  pay_currency: ZCurrency.optional(),
  price_id: z.number().int().positive().optional(),
  quantity: z.number().nullable(),
  game_id: z.string(),
  email: z.string(),
  /** Issue #16: the promo code as typed (absent in drafts of before). */
  promo_code: z.string().max(64).optional(),
});
export type TRechargeDraft = z.infer<typeof ZRechargeDraft>;

const ZStoredDraft = z.object({ savedAt: z.number(), values: ZRechargeDraft });

export function saveRechargeDraft(values: TRechargeDraft, now = Date.now()): void {
  const parsed = ZRechargeDraft.safeParse(values);
  if (!parsed.success) return;
  writeSession(SESSION_STORAGE_KEYS.rechargeDraft, JSON.stringify({ savedAt: now, values: parsed.data }));
}

/**
 * The draft saved before this page load, if it is recent and readable. The form reads it for its first values and
 * then calls clearRechargeDraft (two steps, so React's double render in development reads the same draft twice).
 */
export function readRechargeDraft(now = Date.now()): TRechargeDraft | undefined {
  const raw = readSession(SESSION_STORAGE_KEYS.rechargeDraft);
  if (raw === null) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = ZStoredDraft.safeParse(stored);
  if (!parsed.success) return undefined;
  const age = now - parsed.data.savedAt;
  return age >= 0 && age < DRAFT_TTL_MS ? parsed.data.values : undefined;
}

export function clearRechargeDraft(): void {
  removeSession(SESSION_STORAGE_KEYS.rechargeDraft);
}

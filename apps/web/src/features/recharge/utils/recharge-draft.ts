import { isCurrency, type TCurrency } from '@ezrecharge/shared/money';
import { readSession, removeSession, SESSION_STORAGE_KEYS, writeSession } from '../../../lib/storage';

/**
 * The recharge form's entries across the reload of the language toggle (SPEC.md §2: the toggle reloads the
 * recharge pages). The form writes them just before that reload and takes them back once after it, so the buyer
 * does not type the BIGO ID and e-mail again nor choose the pack anew. They live in this tab's session storage and
 * only as long as the reload needs: the form removes them once it has read them, and an entry older than DRAFT_TTL_MS (a reload that
 * never came back to the form) is ignored.
 */
export const DRAFT_TTL_MS = 60_000;

/**
 * Issue #32: the entries are also kept as the buyer leaves for the payment page, so coming back with the browser's
 * Back (when the browser does not restore the page itself from its back/forward cache) finds them again. A payment
 * page may be looked at for a while: these are kept for 30 minutes.
 */
export const HANDOFF_DRAFT_TTL_MS = 30 * 60_000;

export interface TRechargeDraft {
  product_id?: number;
  pay_currency?: TCurrency;
  price_id?: number;
  quantity: number | null;
  game_id: string;
  email: string;
  /** Issue #16: the promo code as typed (absent in drafts of before). */
  promo_code?: string;
}

const PROMO_CODE_MAX = 64;

/**
 * The draft in `value`, or undefined when it is not one. A plain check rather than a zod schema: this module is in
 * the recharge page's first load, which does without zod (lib/lazy-schemas.ts).
 */
function draftOf(value: unknown): TRechargeDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const id = (x: unknown) => x === undefined || (Number.isInteger(x) && (x as number) > 0);
  const valid =
    id(v.product_id) &&
    id(v.price_id) &&
    (v.pay_currency === undefined || isCurrency(v.pay_currency)) &&
    (v.quantity === null || (typeof v.quantity === 'number' && Number.isFinite(v.quantity))) &&
    typeof v.game_id === 'string' &&
    typeof v.email === 'string' &&
    (v.promo_code === undefined ||
      (typeof v.promo_code === 'string' && v.promo_code.length <= PROMO_CODE_MAX));
  if (!valid) return undefined;
  return {
    ...(v.product_id === undefined ? {} : { product_id: v.product_id as number }),
    ...(v.pay_currency === undefined ? {} : { pay_currency: v.pay_currency as TCurrency }),
    ...(v.price_id === undefined ? {} : { price_id: v.price_id as number }),
    quantity: v.quantity as number | null,
    game_id: v.game_id as string,
    email: v.email as string,
    ...(v.promo_code === undefined ? {} : { promo_code: v.promo_code as string }),
  };
}

export function saveRechargeDraft(values: TRechargeDraft, now = Date.now(), ttlMs = DRAFT_TTL_MS): void {
  const draft = draftOf(values);
  if (!draft) return;
  writeSession(
    SESSION_STORAGE_KEYS.rechargeDraft,
    JSON.stringify({ savedAt: now, ttl: ttlMs, values: draft }),
  );
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
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { savedAt, ttl, values } = stored as { savedAt?: unknown; ttl?: unknown; values?: unknown };
  const draft = draftOf(values);
  if (typeof savedAt !== 'number' || !draft) return undefined;
  const age = now - savedAt;
  const keptFor = typeof ttl === 'number' && ttl > 0 && ttl <= HANDOFF_DRAFT_TTL_MS ? ttl : DRAFT_TTL_MS;
  return age >= 0 && age < keptFor ? draft : undefined;
}

export function clearRechargeDraft(): void {
  removeSession(SESSION_STORAGE_KEYS.rechargeDraft);
}

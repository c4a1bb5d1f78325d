/**
 * Amounts as the vendors write them on the wire: Fiuu's "2 decimal points numeric value" (`27.60`; its refund
 * API's `n{10,2}`), and the major-unit text the sandbox pages show. Kept in integer minor units inside the
 * sandboxes so a sum of refunds never drifts; the sandboxes have their own copy of this small code so that they
 * share nothing with the shop they play against.
 */

const AMOUNT_RE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** '27.60' or '27.6' or '27' → 2760; null for anything else ('', '-1', '1.005', '1e3', ' 1'). */
export function parseAmount(text: string): number | null {
  const m = AMOUNT_RE.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** 2760 → '27.60' (non-negative safe integers only). */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError('formatAmount: not a minor-unit amount');
  const cents = minor % 100;
  return `${(minor - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

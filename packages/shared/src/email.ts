/**
 * SPEC.md §5: basic e-mail pattern — no spaces, one @, a dot in the domain. Zod-free, so that a schema module
 * needing only the pattern (orders, support) does not build the account schemas with it (issue #14: the buyer's
 * order pages evaluate as few schemas as they use).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** `buyer@example.com` → `bu***@example.com`: enough for its owner to recognise, too little to reuse. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${shown}***${email.slice(at)}`;
}

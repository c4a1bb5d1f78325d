/**
 * SPEC.md §5: basic e-mail pattern — no spaces, one @, a dot in the domain. Zod-free, so that a schema module
 * needing only the pattern (orders, support) does not build the account schemas with it (issue #14: the buyer's
 * order pages evaluate as few schemas as they use).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

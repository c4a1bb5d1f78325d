/**
 * What a feedback sender says they are (SPEC.md §2 Contact us 2), without zod: the storefront's form lists them in
 * its first load, its schema (schemas/support.ts) checks them.
 */
export const FEEDBACK_ROLES = ['streamer', 'recruiter', 'collaborate'] as const;
export type TFeedbackRole = (typeof FEEDBACK_ROLES)[number];

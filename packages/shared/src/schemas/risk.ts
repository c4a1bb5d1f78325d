import { z } from 'zod';
import { MSG as M } from '../messages';

/**
 * Issue #29: risk controls. The blocklist (`/api/v1/risk/blocklist`), the rules' settings (`/api/v1/risk/settings`)
 * and an operator's decision on an order held for review (`/api/v1/risk/holds/decide`). Superusers only.
 */

export const RISK_BLOCKLIST_KINDS = ['bigo_id', 'email', 'email_domain', 'ip'] as const;
export type TRiskBlocklistKind = (typeof RISK_BLOCKLIST_KINDS)[number];

export const RISK_REASON_MAX = 256;
const ZRiskReason = z
  .string({ error: M.order_reason_required })
  .trim()
  .min(1, M.order_reason_required)
  .max(RISK_REASON_MAX, M.text_max_256);

/** POST /api/v1/risk/blocklist; `value` is checked against its kind by the server (an address or CIDR range…). */
export const ZRiskBlocklistCreate = z.object({
  kind: z.enum(RISK_BLOCKLIST_KINDS),
  value: z.string().trim().min(1, M.risk_blocklist_value_invalid).max(254, M.risk_blocklist_value_invalid),
  reason: ZRiskReason,
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type TRiskBlocklistCreate = z.infer<typeof ZRiskBlocklistCreate>;

export const ZRiskBlocklistEntry = z.object({
  id: z.number().int(),
  kind: z.enum(RISK_BLOCKLIST_KINDS),
  value: z.string(),
  reason: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** False once expires_at has passed (kept for the record, no longer applied). */
  active: z.boolean(),
});
export type TRiskBlocklistEntry = z.infer<typeof ZRiskBlocklistEntry>;

/** DELETE /api/v1/risk/blocklist?id= */
export const ZRiskBlocklistId = z.object({ id: z.coerce.number().int().positive() });

/** The rules' settings (issue #29's defaults in DEFAULT_RISK_SETTINGS). Amounts in whole SGD. */
export const ZRiskSettings = z.object({
  /** Card testing: this many unsuccessful payments (failed, cancelled, timed out) in the window → refused. */
  card_testing_failures: z.number().int().min(1).max(1000),
  card_testing_window_minutes: z.number().int().min(1).max(1440),
  /** Velocity: more than this paid for one BIGO ID within the window → held. */
  velocity_sgd: z.number().int().min(1).max(10_000_000),
  velocity_window_hours: z.number().int().min(1).max(720),
  /** A buyer's first paid order above this → held. */
  first_order_sgd: z.number().int().min(1).max(10_000_000),
  /** Stripe Radar risk levels: `elevated` → hold, `highest` → refund at once, when on. */
  radar_hold_elevated: z.boolean(),
  radar_refund_highest: z.boolean(),
  /** SGD per one major unit of each currency, for the SGD equivalents; a currency not listed is not converted. */
  sgd_rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive().max(100_000)),
});
export type TRiskSettings = z.infer<typeof ZRiskSettings>;

export const DEFAULT_RISK_SETTINGS: TRiskSettings = {
  card_testing_failures: 5,
  card_testing_window_minutes: 60,
  velocity_sgd: 1000,
  velocity_window_hours: 24,
  first_order_sgd: 300,
  radar_hold_elevated: true,
  radar_refund_highest: true,
  sgd_rates: {
    SGD: 1,
    MYR: 0.3,
    USD: 1.3,
    CNY: 0.18,
    EUR: 1.45,
    GBP: 1.7,
    AUD: 0.85,
    HKD: 0.17,
    JPY: 0.0088,
    THB: 0.037,
    IDR: 0.000082,
    PHP: 0.023,
    VND: 0.000051,
    TWD: 0.041,
    KRW: 0.00095,
    INR: 0.015,
  },
};

/** POST /api/v1/risk/holds/decide?order_num=: approve (delivery starts) or refuse (refund starts), with a reason. */
export const ZRiskDecision = z.object({
  decision: z.enum(['approve', 'refuse']),
  reason: ZRiskReason,
});
export type TRiskDecision = z.infer<typeof ZRiskDecision>;

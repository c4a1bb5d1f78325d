import {
  currencyExponent,
  DEFAULT_RISK_SETTINGS,
  isIsoCurrency,
  type TRiskSettings,
  ZRiskSettings,
} from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import { riskSettings } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/**
 * Issue #29: the rules' settings: issue #29's defaults (DEFAULT_RISK_SETTINGS), overridden by what a superuser saved
 * (the one `risk_settings` row). A stored value that no longer reads (a field added later) falls back to the default
 * of that field.
 */
export async function readRiskSettings(db: DbOrTx): Promise<TRiskSettings> {
  const [row] = await db
    .select({ settings: riskSettings.settings })
    .from(riskSettings)
    .where(eq(riskSettings.id, 1));
  if (!row) return DEFAULT_RISK_SETTINGS;
  const merged = { ...DEFAULT_RISK_SETTINGS, ...(row.settings as Partial<TRiskSettings>) };
  const parsed = ZRiskSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_RISK_SETTINGS;
}

export async function writeRiskSettings(db: DbOrTx, settings: TRiskSettings, by: number): Promise<void> {
  await db
    .insert(riskSettings)
    .values({ id: 1, settings, updatedBy: by })
    .onConflictDoUpdate({ target: riskSettings.id, set: { settings, updatedBy: by, updatedAt: new Date() } });
}

/**
 * An amount in minor units as whole SGD of the settings' rates (rounded down); null for a currency without a rate
 * (the amount rules then do not apply to it, and the order's note says so nowhere: it is not held).
 */
export function sgdEquivalent(settings: TRiskSettings, minor: number, currency: string): number | null {
  const rate = settings.sgd_rates[currency];
  if (rate === undefined || !isIsoCurrency(currency)) return null;
  return (minor / 10 ** currencyExponent(currency)) * rate;
}

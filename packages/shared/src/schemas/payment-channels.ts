import { z } from 'zod';
import { MSG as M } from '../messages';
import { CURRENCY_CODES } from '../money';

/**
 * Issue #30: the payment channels a buyer may choose on our page, per currency, as the payment provider declares
 * them (the Fiuu adapter's channel table, narrowed by FIUU_CHANNELS). Amounts in the currency's minor units.
 */

/** fpx: online banking through FPX (a bank to choose); qr: a QR code (DuitNow, PayNow); ewallet; card. */
export const PAYMENT_CHANNEL_KINDS = ['fpx', 'qr', 'ewallet', 'card'] as const;
export type TPaymentChannelKind = (typeof PAYMENT_CHANNEL_KINDS)[number];

export const ZPaymentChannel = z.object({
  /** The provider's code of the channel (Fiuu's `channel`: FPX_MB2U, TNG-EWALLET, credit). */
  code: z.string(),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  /** Its name for the buyer (a bank's for FPX): the same in every language. */
  name: z.string(),
  /** The least amount it takes, inclusive. */
  min: z.number().int(),
  /** The most it takes, inclusive; null when the provider names no maximum. */
  max: z.number().int().nullable(),
  /** The names the provider reports it by after payment (payment-method bonuses name channels so). */
  reported: z.array(z.string()),
});
export type TPaymentChannel = z.infer<typeof ZPaymentChannel>;

/** GET /api/v1/payment/channels: the channels of each currency that has any (none: the provider's page chooses). */
export const ZPaymentChannels = z.partialRecord(z.enum(CURRENCY_CODES), z.array(ZPaymentChannel));
export type TPaymentChannels = z.infer<typeof ZPaymentChannels>;

/** A channel code as the commit payload carries it: empty = none chosen (the provider's page chooses). */
export const ZPayChannel = z
  .string()
  .trim()
  .max(40, M.order_channel_unavailable)
  .regex(/^[A-Za-z0-9_-]*$/, M.order_channel_unavailable);

/** Whether a channel takes an amount: null when it does, else which limit the amount is outside of. */
export function channelLimitBreach(
  channel: Pick<TPaymentChannel, 'min' | 'max'>,
  amount: number,
): 'below' | 'above' | null {
  if (amount < channel.min) return 'below';
  if (channel.max !== null && amount > channel.max) return 'above';
  return null;
}

/** Whether a channel is the one a payment-method bonus names (any of its reported names, in any case). */
export function channelEarns(
  channel: Pick<TPaymentChannel, 'reported'>,
  offerChannels: readonly string[],
): boolean {
  const names = new Set(channel.reported.map((n) => n.toLowerCase()));
  return offerChannels.some((c) => names.has(c.toLowerCase()));
}

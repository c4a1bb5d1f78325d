import { z } from 'zod';
import { MSG as M } from '../messages';
import { CURRENCY_CODES } from '../money';
import { PAYMENT_CHANNEL_KINDS } from '../payment-channels';

/**
 * Issue #30: the payment channels a buyer may choose on our page, per currency, as the payment provider declares
 * them (the Fiuu adapter's channel table, narrowed by FIUU_CHANNELS). Amounts in the currency's minor units.
 */

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

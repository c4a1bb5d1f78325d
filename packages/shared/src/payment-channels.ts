/**
 * Issue #30: the rules of a payment channel chosen on our page, without zod (the storefront's first load carries
 * them; schemas/payment-channels.ts has the schemas). Amounts in the currency's minor units.
 */

/** fpx: online banking through FPX (a bank to choose); qr: a QR code (DuitNow, PayNow); ewallet; card. */
export const PAYMENT_CHANNEL_KINDS = ['fpx', 'qr', 'ewallet', 'card'] as const;
export type TPaymentChannelKind = (typeof PAYMENT_CHANNEL_KINDS)[number];

/** A channel's limits: the least and most amount it takes, inclusive (max null: no maximum named). */
export interface TChannelLimits {
  min: number;
  max: number | null;
}

/** Whether a channel takes an amount: null when it does, else which limit the amount is outside of. */
export function channelLimitBreach(channel: TChannelLimits, amount: number): 'below' | 'above' | null {
  if (amount < channel.min) return 'below';
  if (channel.max !== null && amount > channel.max) return 'above';
  return null;
}

/** Whether a channel is one a payment-method bonus names (any of its reported names, in any case). */
export function channelEarns(
  channel: { reported: readonly string[] },
  offerChannels: readonly string[],
): boolean {
  const names = new Set(channel.reported.map((n) => n.toLowerCase()));
  return offerChannels.some((c) => names.has(c.toLowerCase()));
}

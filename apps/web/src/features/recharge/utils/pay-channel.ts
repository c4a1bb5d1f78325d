import type { TCurrency } from '@ezrecharge/shared/money';
import { channelEarns, channelLimitBreach } from '@ezrecharge/shared/payment-channels';
import type { TPaymentChannel } from '@ezrecharge/shared/schemas/payment-channels';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import { PRODUCT, readLocal, writeLocal } from '../../../lib/storage';

/**
 * Issue #30: the payment channel a buyer chooses after the pack. The choice is a channel code, `fpx` while FPX is
 * chosen without a bank, or '' for none (the payment provider's page chooses). FPX banks are one option with a
 * bank list; every other channel is an option of its own.
 */

export const FPX = 'fpx';

/** An option of the radio group: one channel, or FPX with its banks. */
export interface TChannelOption {
  value: string;
  kind: TPaymentChannel['kind'];
  name: string;
  /** FPX's banks; [the channel] for any other. */
  channels: TPaymentChannel[];
}

export function channelOptions(channels: readonly TPaymentChannel[] | undefined): TChannelOption[] {
  const options: TChannelOption[] = [];
  for (const channel of channels ?? []) {
    const fpx = options.find((o) => o.value === FPX);
    if (channel.kind === 'fpx' && fpx) fpx.channels.push(channel);
    else if (channel.kind === 'fpx')
      options.push({ value: FPX, kind: 'fpx', name: 'FPX', channels: [channel] });
    else options.push({ value: channel.code, kind: channel.kind, name: channel.name, channels: [channel] });
  }
  return options;
}

/** The option a choice belongs to (a bank's is FPX's). */
export function optionOf(options: readonly TChannelOption[], choice: string): TChannelOption | undefined {
  return options.find((o) => o.value === choice || o.channels.some((c) => c.code === choice));
}

/** The bonus diamonds an option earns (the quote's payment-method offers naming one of its channels), or 0. */
export function optionBonus(option: TChannelOption | undefined, quote: TRewardQuote | undefined): number {
  if (!option) return 0;
  const offers = (quote?.channel_offers ?? []).filter((offer) =>
    option.channels.some((c) => channelEarns(c, offer.channels)),
  );
  return offers.reduce((sum, offer) => sum + offer.diamonds, 0);
}

/** The option's limits the amount is outside of (all of an option's channels share them), or undefined. */
export function optionLimitBreach(option: TChannelOption | undefined, amount: number | undefined) {
  const channel = option?.channels[0];
  if (!channel || amount === undefined || channelLimitBreach(channel, amount) === null) return undefined;
  return channel;
}

const LAST_CHANNEL = `${PRODUCT}_pay_channel`;

/** The channel last used in this browser for a currency ('' when none is remembered). */
export function rememberedChannel(currency: TCurrency | undefined): string {
  if (!currency) return '';
  try {
    const saved = JSON.parse(readLocal(LAST_CHANNEL) ?? '{}') as Record<string, unknown>;
    const code = saved[currency];
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/** Remembers the channel an order was placed with, per currency. */
export function rememberChannel(currency: TCurrency, code: string): void {
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(readLocal(LAST_CHANNEL) ?? '{}') as Record<string, unknown>;
  } catch {
    // A broken entry is replaced.
  }
  writeLocal(LAST_CHANNEL, JSON.stringify({ ...saved, [currency]: code }));
}

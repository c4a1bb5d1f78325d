import type { TPaymentChannels } from '@ezrecharge/shared/schemas/payment-channels';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { takeEarly } from '../../../lib/early-requests';
import { rechargeQueryKey } from './get-catalogue';

/** GET /api/v1/payment/channels (issue #30), silent: without the channels the form still pays. */
export async function getChannels(signal?: AbortSignal): Promise<TPaymentChannels> {
  return (await api.get<TPaymentChannels>('/api/v1/payment/channels', { signal, silent: true })).data;
}

/** The key of the channels request a prerendered recharge page starts before it hydrates (./start-requests.ts). */
export const EARLY_CHANNELS = 'recharge.channels';

/**
 * The payment channels of each currency a buyer may choose on this page, with their limits. Without them the
 * provider's own page chooses.
 */
export function useChannels() {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'channels'],
    queryFn: ({ signal }) => takeEarly(EARLY_CHANNELS, () => getChannels(signal)),
    staleTime: 300_000,
    retry: false,
  });
}

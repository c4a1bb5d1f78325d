import type { TPaymentChannels } from '@ezrecharge/shared/schemas/payment-channels';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rechargeQueryKey } from './get-catalogue';

/**
 * GET /api/v1/payment/channels (issue #30): the payment channels of each currency a buyer may choose on this page,
 * with their limits. Silent: without them the form still pays, and the provider's own page chooses.
 */
export function useChannels() {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'channels'],
    queryFn: async ({ signal }) =>
      (await api.get<TPaymentChannels>('/api/v1/payment/channels', { signal, silent: true })).data,
    staleTime: 300_000,
    retry: false,
  });
}

import type { TRewardQuoteInput } from '@ezrecharge/shared/schemas/orders';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderRewardSchemas, parseEnvelopeWith } from '../../../lib/lazy-schemas';
import { rechargeQueryKey } from './get-catalogue';

/**
 * POST /api/v1/rewards/quote (issue #16; public, Bearer optional): the bonuses this order would get, for the
 * total. A refused code is an answer (`promo.applied` false, with its reason), not an error. Silent: the quote only
 * adds to the total, so a failure leaves the total without bonuses rather than toasting while the buyer types.
 */
export async function getRewardQuote(input: TRewardQuoteInput, signal?: AbortSignal): Promise<TRewardQuote> {
  const body = await api.post('/api/v1/rewards/quote', {
    json: input,
    signal,
    silent: true,
    parse: parseEnvelopeWith(orderRewardSchemas, (m) => m.ZRewardQuote),
  });
  return body.data;
}

/** The quote of `input`; idle while there is none (no pack or no valid quantity yet). */
export function useRewardQuote(input: TRewardQuoteInput | undefined) {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'quote', input],
    queryFn: ({ signal }) => getRewardQuote(input as TRewardQuoteInput, signal),
    enabled: input !== undefined,
    retry: false,
    // A code's budget or a buyer's uses move: a quote older than this is asked again on the next change.
    staleTime: 15_000,
  });
}

import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TSpinResult, ZSpinResult } from '@ezrecharge/shared/schemas/rewards';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const ZSpinResultBody = envelope(ZSpinResult);

/**
 * POST /api/v1/rewards/spins/{id}/spin (signed in): draws the spin's prize, or answers the prize it already drew.
 * Refusals: 404 spin_not_found, 409 spin_pending, spin_withdrawn or spins_paused (toasted by the API client in the
 * active language).
 */
export async function spin(id: number): Promise<TSpinResult> {
  const body = await api.post(`/api/v1/rewards/spins/${id}/spin`, {
    parse: (value) => ZSpinResultBody.parse(value),
  });
  return body.data;
}

/**
 * The spin call. It does not reload the rewards by itself: the page reloads them once the wheel has landed, so the
 * history does not tell the prize before the wheel does.
 */
export function useSpin() {
  return useMutation({ mutationFn: spin });
}

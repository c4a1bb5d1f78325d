import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TPrizeRecord, ZPrizeRecord } from '@ezrecharge/shared/schemas/rewards';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { spinsQueryKey } from './get-spin-settings';

const ZPrizeBody = envelope(ZPrizeRecord);

/** POST /api/v1/rewards/spins/{id}/resend (superuser): queues a failed prize's delivery again (400 prize_not_failed). */
export async function resendPrize(id: number): Promise<TPrizeRecord> {
  const body = await api.post(`/api/v1/rewards/spins/${id}/resend`, {
    parse: (value) => ZPrizeBody.parse(value),
  });
  return body.data;
}

/** The list and the cost figures reload whether it worked or not (a refusal: someone sent it again first). */
export const useResendPrize = mutationHook(resendPrize, { queryKey: spinsQueryKey, when: 'settled' });

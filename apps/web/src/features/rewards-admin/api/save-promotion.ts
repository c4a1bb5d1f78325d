import type { TPromotionInput } from '@ezrecharge/shared/schemas/rewards';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { promotionsQueryKey } from './get-promotions';

/** POST /api/v1/promotions/ (superuser): a new promotion, paused until an operator resumes it. */
export async function createPromotion(input: TPromotionInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/promotions/', { json: input });
  return body.message;
}

export interface TUpdatePromotionInput {
  id: number;
  values: TPromotionInput;
}

/** PUT /api/v1/promotions/{id} (superuser): every field again. */
export async function updatePromotion({ id, values }: TUpdatePromotionInput): Promise<string> {
  const body = await api.put<unknown>(`/api/v1/promotions/${id}`, { json: values });
  return body.message;
}

export interface TPausePromotionInput {
  id: number;
  /** true: pause (no longer on offer); false: resume. */
  pause: boolean;
}

/** POST /api/v1/promotions/{id}/pause or /resume (superuser). */
export async function pausePromotion({ id, pause }: TPausePromotionInput): Promise<string> {
  const body = await api.post<unknown>(`/api/v1/promotions/${id}/${pause ? 'pause' : 'resume'}`);
  return body.message;
}

export const useCreatePromotion = mutationHook(createPromotion, { queryKey: promotionsQueryKey });
export const useUpdatePromotion = mutationHook(updatePromotion, { queryKey: promotionsQueryKey });
/** The list reloads after a pause or resume whether it worked or not (SPEC.md §8). */
export const usePausePromotion = mutationHook(pausePromotion, {
  queryKey: promotionsQueryKey,
  when: 'settled',
});

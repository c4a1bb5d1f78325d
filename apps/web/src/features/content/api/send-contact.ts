import type { TContactInput } from '@ezrecharge/shared/schemas/support';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/v1/feedback/contact (public): the Contact 1 form variant. Shares the feedback limit of 5 messages per
 * address in 10 minutes (then 429).
 */
export async function sendContact(input: TContactInput): Promise<void> {
  await api.post<unknown>('/api/v1/feedback/contact', { json: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}

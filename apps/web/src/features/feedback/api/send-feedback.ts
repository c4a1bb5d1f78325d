import type { TFeedbackInput } from '@ezrecharge/shared/schemas/support';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/v1/feedback/ (public; 5 messages per address in 10 minutes, then 429): the Contact us 2 form.
 * Resolves with the server's message.
 */
export async function sendFeedback(input: TFeedbackInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/feedback/', { json: input });
  return body.message;
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}

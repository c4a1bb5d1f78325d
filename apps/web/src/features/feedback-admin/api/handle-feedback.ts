import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZFeedback } from '@ezrecharge/shared/schemas/support';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { feedbackQueryKey } from './get-feedback-list';

const ZHandledBody = envelope(ZFeedback);

/**
 * PUT /api/v1/feedback/{id}/handle (superuser), with no body: marks a pending message resolved. Resolves with
 * the server's message; a message handled already is refused with 400.
 */
export async function handleFeedback(id: number): Promise<string> {
  const body = await api.put(`/api/v1/feedback/${id}/handle`, {
    parse: (value) => ZHandledBody.parse(value),
  });
  return body.message;
}

/** The list reloads afterwards whether it worked or not: a refused handle means someone else resolved it. */
export const useHandleFeedback = mutationHook(handleFeedback, {
  queryKey: feedbackQueryKey,
  when: 'settled',
});

import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { faqsQueryKey } from './get-faqs';

/** DELETE /api/v1/faq/{id} (superuser); answers 'FAQ entry deleted' (SPEC.md §8's 'User Deleted'; issue #32). */
export async function deleteFaq(id: number): Promise<void> {
  await api.delete<unknown>(`/api/v1/faq/${id}`);
}

/** The list reloads after a delete whether it worked or not (SPEC.md §8). */
export const useDeleteFaq = mutationHook(deleteFaq, { queryKey: faqsQueryKey, when: 'settled' });

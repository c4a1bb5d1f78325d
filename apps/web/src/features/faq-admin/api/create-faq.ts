import type { TFaqInput } from '@ezrecharge/shared/schemas/support';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { faqsQueryKey } from './get-faqs';

/** POST /api/v1/faq/ (superuser): the six fields; answers 'FAQ Add Successfully!'. */
export async function createFaq(input: TFaqInput): Promise<void> {
  await api.post<unknown>('/api/v1/faq/', { json: input });
}

export const useCreateFaq = mutationHook(createFaq, { queryKey: faqsQueryKey });

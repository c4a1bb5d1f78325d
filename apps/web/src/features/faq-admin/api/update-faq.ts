import type { TFaqInput } from '@ezrecharge/shared/schemas/support';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { faqsQueryKey } from './get-faqs';

export interface TUpdateFaqInput {
  id: number;
  values: TFaqInput;
}

/** PUT /api/v1/faq/?id= (superuser): all six fields; answers 'FAQ Add Successfully!' like an add. */
export async function updateFaq({ id, values }: TUpdateFaqInput): Promise<void> {
  await api.put<unknown>('/api/v1/faq/', { query: { id }, json: values });
}

export const useUpdateFaq = mutationHook(updateFaq, { queryKey: faqsQueryKey });

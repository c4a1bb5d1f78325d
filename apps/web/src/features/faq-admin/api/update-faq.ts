import type { TFaqInput } from '@ezrecharge/shared/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { faqsQueryKey } from './get-faqs';

export interface TUpdateFaqInput {
  id: number;
  values: TFaqInput;
}

/** PUT /api/v1/faq/?id= (superuser): all six fields; answers 'FAQ Add Successfully!' like an add. */
export async function updateFaq({ id, values }: TUpdateFaqInput): Promise<void> {
  await api.put<unknown>('/api/v1/faq/', { query: { id }, json: values });
}

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsQueryKey }),
  });
}

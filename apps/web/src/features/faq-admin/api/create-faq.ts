import type { TFaqInput } from '@ezrecharge/shared/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { faqsQueryKey } from './get-faqs';

/** POST /api/v1/faq/ (superuser): the six fields; answers 'FAQ Add Successfully!'. */
export async function createFaq(input: TFaqInput): Promise<void> {
  await api.post<unknown>('/api/v1/faq/', { json: input });
}

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsQueryKey }),
  });
}

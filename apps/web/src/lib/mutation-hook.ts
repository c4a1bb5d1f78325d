import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';

export interface TInvalidation {
  /** The queries that reload: every query whose key starts with it. */
  queryKey: QueryKey;
  /**
   * When they reload: after a success (the default), after a failure, or either way (a list after a delete or a
   * row action, SPEC.md §8: a refusal usually means someone else acted first).
   */
  when?: 'success' | 'error' | 'settled';
  /** Runs after a success, before the reload (a cache outside TanStack Query to clear). */
  onSuccess?: () => void;
}

/**
 * The hook of a call that changes data: it runs `call`, then reloads the queries that show what changed. The
 * mutation settles only once they have reloaded, so the page that follows shows the new data.
 */
export function mutationHook<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  { queryKey, when = 'success', onSuccess }: TInvalidation,
): () => UseMutationResult<TResult, Error, TInput> {
  return function useInvalidatingMutation() {
    const queryClient = useQueryClient();
    const invalidate = () => queryClient.invalidateQueries({ queryKey });
    return useMutation({
      mutationFn: call,
      onSuccess: () => {
        onSuccess?.();
        if (when === 'success') return invalidate();
      },
      onError: when === 'error' ? invalidate : undefined,
      onSettled: when === 'settled' ? invalidate : undefined,
    });
  };
}

import type { UseMutationResult } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { errorText } from './form-rules';
import { showErrorPopup } from './popup';
import { toast } from './toast';

/**
 * SPEC.md §8: a refused call (400, 404, 409…) shows why in the error popup, in the active language (errorText);
 * a failure the API client already toasted (a lost connection, 5xx, 429) is not shown twice.
 */
export function reportRefusal(error: unknown): void {
  if (!isApiError(error) || !error.toasted) showErrorPopup(errorText(error));
}

export interface TToastedMutationOptions<TInput, TResult> {
  /**
   * The green toast of a success: a text of the active language, or one taken from the answer (SPEC.md §7: the
   * server's message, which the API client asks for in the active language). No toast without it.
   */
  success?: string | ((result: TResult, input: TInput) => string);
  /** What a failure shows instead of reportRefusal (a form marks its fields: reportFormError). */
  onError?: (error: unknown, input: TInput) => void;
  /** After a success and its toast (back to the list, a form emptied); awaited by `run`. */
  onSuccess?: (result: TResult, input: TInput) => unknown;
}

export interface TToastedMutation<TInput> {
  /**
   * Runs the call and shows how it went; resolves, once that is shown, with whether the call succeeded (rejecting
   * only if `onSuccess` does). A call without input (Sync products) is run without one.
   */
  run: (...input: undefined extends TInput ? [input?: TInput] : [input: TInput]) => Promise<boolean>;
  isPending: boolean;
  /**
   * Whether the running call is the one for `input` (or the one `input` accepts): a row's button spins, not every
   * row's.
   */
  isRunning: (input: TInput | ((running: TInput) => boolean)) => boolean;
}

/**
 * A call that changes data, as every console screen and form runs it: the mutation (a `mutationHook` hook, which
 * reloads the queries that show what changed, the list's included), then the success toast, or the refusal in the
 * error popup (or what `onError` shows).
 */
export function useToastedMutation<TInput, TResult>(
  mutation: UseMutationResult<TResult, Error, TInput>,
  { success, onError = reportRefusal, onSuccess }: TToastedMutationOptions<TInput, TResult>,
): TToastedMutation<TInput> {
  const run = async (...args: [input?: TInput]): Promise<boolean> => {
    const input = args[0] as TInput;
    let result: TResult;
    try {
      result = await mutation.mutateAsync(input);
    } catch (error) {
      onError(error, input);
      return false;
    }
    const text = typeof success === 'function' ? success(result, input) : success;
    if (text) toast.success(text);
    await onSuccess?.(result, input);
    return true;
  };
  const isRunning = (input: TInput | ((running: TInput) => boolean)): boolean => {
    if (!mutation.isPending) return false;
    const running = mutation.variables as TInput;
    return typeof input === 'function' ? (input as (running: TInput) => boolean)(running) : running === input;
  };
  return { run, isPending: mutation.isPending, isRunning };
}

import type { TEmailChange, TEmailChangeCode } from '@ezrecharge/shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseSessionUser, readSessionUser, storeSessionUser, type TSessionUser } from '../../../lib/session';
import { getMeQueryOptions } from './get-me';

/**
 * POST /api/v1/user/change_email/code: a code to the new address (issue #33). Resolves to the server's message in
 * the active language, which is the same whether or not the address already has an account.
 */
export async function requestEmailChangeCode(input: TEmailChangeCode): Promise<string> {
  const body = await api.post<unknown>('/api/v1/user/change_email/code', { json: input });
  return body.message;
}

export function useRequestEmailChangeCode() {
  return useMutation({ mutationFn: requestEmailChangeCode });
}

/** POST /api/v1/user/change_email: the new address with the current password and the code it received. */
export async function changeEmail(input: TEmailChange): Promise<TSessionUser | null> {
  const body = await api.post<unknown>('/api/v1/user/change_email', { json: input });
  const returned = parseSessionUser(body.data);
  if (returned) return returned;
  const stored = readSessionUser();
  return stored ? { ...stored, email: input.new_email } : null;
}

/** Changes the address, then the stored user (userEmail, the recharge form's address) and the profile follow. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => {
      if (!user) return;
      storeSessionUser(user);
      queryClient.setQueryData(getMeQueryOptions().queryKey, user);
    },
  });
}

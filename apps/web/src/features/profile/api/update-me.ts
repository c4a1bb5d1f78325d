import type { TChangeMe } from '@ezrecharge/shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseSessionUser, readSessionUser, storeSessionUser, type TSessionUser } from '../../../lib/session';
import { getMeQueryOptions } from './get-me';

/** POST /api/v1/user/changeme: nickname, avatar and e-mail of the signed-in user. */
export async function updateMe(input: TChangeMe): Promise<TSessionUser | null> {
  const body = await api.post<unknown>('/api/v1/user/changeme', { json: input });
  const returned = parseSessionUser(body.data);
  if (returned) return returned;
  const stored = readSessionUser();
  return stored ? { ...stored, ...input } : null;
}

/** Saves the profile, then updates the stored user so the top bar shows the new nickname and picture at once. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      if (!user) return;
      storeSessionUser(user);
      queryClient.setQueryData(getMeQueryOptions().queryKey, user);
    },
  });
}

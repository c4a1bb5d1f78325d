import type { TUserCreate } from '@ezrecharge/shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/v1/user/ (superuser). */
export async function createUser(input: TUserCreate): Promise<void> {
  await api.post<unknown>('/api/v1/user/', { json: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

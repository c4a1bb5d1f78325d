import type { TUserUpdate } from '@ezrecharge/shared/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export interface TUpdateUserInput {
  id: number;
  values: TUserUpdate;
}

/** PUT /api/v1/user/?id= (superuser): nickname, avatar, e-mail and role. */
export async function updateUser({ id, values }: TUpdateUserInput): Promise<void> {
  await api.put<unknown>('/api/v1/user/', { query: { id }, json: values });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

import type { TUserUpdate } from '@ezrecharge/shared/schemas/accounts';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { usersQueryKey } from './get-users';

export interface TUpdateUserInput {
  id: number;
  values: TUserUpdate;
}

/** PUT /api/v1/user/?id= (superuser): nickname, avatar, e-mail and role. */
export async function updateUser({ id, values }: TUpdateUserInput): Promise<void> {
  await api.put<unknown>('/api/v1/user/', { query: { id }, json: values });
}

export const useUpdateUser = mutationHook(updateUser, { queryKey: usersQueryKey });

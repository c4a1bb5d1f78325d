import type { TUserCreate } from '@ezrecharge/shared/schemas/accounts';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { usersQueryKey } from './get-users';

/** POST /api/v1/user/ (superuser). */
export async function createUser(input: TUserCreate): Promise<void> {
  await api.post<unknown>('/api/v1/user/', { json: input });
}

export const useCreateUser = mutationHook(createUser, { queryKey: usersQueryKey });

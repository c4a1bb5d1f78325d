import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { usersQueryKey } from './get-users';

/** DELETE /api/v1/user/{id} (superuser); refused with 400 for one's own account. */
export async function deleteUser(id: number): Promise<void> {
  await api.delete<unknown>(`/api/v1/user/${id}`);
}

/** The list reloads after a delete whether it worked or not (SPEC.md §8). */
export const useDeleteUser = mutationHook(deleteUser, { queryKey: usersQueryKey, when: 'settled' });

import type { TChangePassword } from '@ezrecharge/shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/v1/user/change_password. On success the server ends every session of the user. */
export async function changePassword(input: TChangePassword): Promise<void> {
  await api.post<unknown>('/api/v1/user/change_password', { json: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

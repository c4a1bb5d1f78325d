import {
  type TTwoFactorConfirm,
  ZRecoveryCodes,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@ezrecharge/shared/schemas/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/session';

/** The two-factor endpoints of the signed-in user (issue #15). */

export const twoFactorStatusOptions = () =>
  queryOptions({
    queryKey: ['user', 'two-factor'],
    queryFn: async ({ signal }) =>
      ZTwoFactorStatus.parse((await api.get<unknown>('/api/v1/user/two-factor', { signal })).data),
    staleTime: 0,
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusOptions());
}

/** POST /api/v1/user/two-factor/setup: a new secret as text and as a QR code. */
export async function startSetup() {
  return ZTwoFactorSetup.parse((await api.post<unknown>('/api/v1/user/two-factor/setup')).data);
}

export function useStartSetup() {
  return useMutation({ mutationFn: startSetup });
}

/** After a change, the status and the stored user (whose flag opens a superuser's console) are reloaded. */
function useTwoFactorChange<T>(call: (input: TTwoFactorConfirm) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await refreshSessionUser();
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** POST /api/v1/user/two-factor/enable: the recovery codes, shown once. */
export async function enableTwoFactor(input: TTwoFactorConfirm): Promise<string[]> {
  const body = await api.post<unknown>('/api/v1/user/two-factor/enable', { json: input });
  return ZRecoveryCodes.parse(body.data).recovery_codes;
}

export const useEnableTwoFactor = () => useTwoFactorChange(enableTwoFactor);

/** POST /api/v1/user/two-factor/disable */
export async function disableTwoFactor(input: TTwoFactorConfirm): Promise<string> {
  return (await api.post<unknown>('/api/v1/user/two-factor/disable', { json: input })).message;
}

export const useDisableTwoFactor = () => useTwoFactorChange(disableTwoFactor);

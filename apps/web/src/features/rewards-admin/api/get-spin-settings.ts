import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TSpinSettings, ZSpinSettings } from '@ezrecharge/shared/schemas/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the spin prizes screen (settings and prizes), so that a save or a resend reloads them. */
export const spinsQueryKey = ['rewards-admin', 'spins'] as const;

const ZSpinSettingsBody = envelope(ZSpinSettings);

/** GET /api/v1/rewards/spin-settings (superuser): spins on or off, their price, the prize table and their cost. */
export async function getSpinSettings(signal?: AbortSignal): Promise<TSpinSettings> {
  const body = await api.get('/api/v1/rewards/spin-settings', {
    signal,
    parse: (value) => ZSpinSettingsBody.parse(value),
  });
  return body.data;
}

export const getSpinSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...spinsQueryKey, 'settings'],
    queryFn: ({ signal }) => getSpinSettings(signal),
    staleTime: 0,
  });

export function useGetSpinSettings() {
  return useQuery(getSpinSettingsQueryOptions());
}

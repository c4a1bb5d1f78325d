import { envelope } from '@ezrecharge/shared/schemas/api';
import {
  type TRiskBlocklistCreate,
  type TRiskBlocklistEntry,
  type TRiskSettings,
  ZRiskBlocklistEntry,
  ZRiskSettings,
} from '@ezrecharge/shared/schemas/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';

/** Issue #29: the risk controls of the console (superusers): the blocklist and the rules' settings. */
export const riskQueryKey = ['risk'] as const;

const ZListBody = envelope(z.array(ZRiskBlocklistEntry));
const ZEntryBody = envelope(ZRiskBlocklistEntry);
const ZSettingsBody = envelope(ZRiskSettings);
const ZNullBody = envelope(z.null());

export function useBlocklist() {
  return useQuery(
    queryOptions({
      queryKey: [...riskQueryKey, 'blocklist'],
      queryFn: async ({ signal }): Promise<TRiskBlocklistEntry[]> =>
        (await api.get('/api/v1/risk/blocklist', { signal, parse: (v) => ZListBody.parse(v) })).data,
      staleTime: 0,
    }),
  );
}

export function useRiskSettings() {
  return useQuery(
    queryOptions({
      queryKey: [...riskQueryKey, 'settings'],
      queryFn: async ({ signal }): Promise<TRiskSettings> =>
        (await api.get('/api/v1/risk/settings', { signal, parse: (v) => ZSettingsBody.parse(v) })).data,
      staleTime: 0,
    }),
  );
}

export const useAddBlocklist = mutationHook(
  (body: TRiskBlocklistCreate) =>
    api.post('/api/v1/risk/blocklist', { json: body, parse: (v) => ZEntryBody.parse(v) }),
  { queryKey: riskQueryKey, when: 'settled' },
);

export const useDeleteBlocklist = mutationHook(
  (id: number) => api.delete('/api/v1/risk/blocklist', { query: { id }, parse: (v) => ZNullBody.parse(v) }),
  { queryKey: riskQueryKey, when: 'settled' },
);

export const useSaveRiskSettings = mutationHook(
  (settings: TRiskSettings) =>
    api.put('/api/v1/risk/settings', { json: settings, parse: (v) => ZSettingsBody.parse(v) }),
  { queryKey: riskQueryKey, when: 'settled' },
);

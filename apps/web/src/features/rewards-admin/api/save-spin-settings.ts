import { envelope } from '@ezrecharge/shared/schemas/api';
import {
  type TSpinSettings,
  type TSpinSettingsInput,
  ZSpinSettings,
} from '@ezrecharge/shared/schemas/rewards';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { spinsQueryKey } from './get-spin-settings';

const ZSpinSettingsBody = envelope(ZSpinSettings);

/** PUT /api/v1/rewards/spin-settings (superuser): every setting again; 400 names the fields it refuses. */
export async function saveSpinSettings(input: TSpinSettingsInput): Promise<TSpinSettings> {
  const body = await api.put('/api/v1/rewards/spin-settings', {
    json: input,
    parse: (value) => ZSpinSettingsBody.parse(value),
  });
  return body.data;
}

export const useSaveSpinSettings = mutationHook(saveSpinSettings, { queryKey: spinsQueryKey });

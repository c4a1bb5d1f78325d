import type { TRegister } from '@ezrecharge/shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TRegisterInput {
  username: string;
  email: string;
  password: string;
  captchaCode: string;
}

/** The registration payload of SPEC.md §3: user_type fixed 1, the e-mail doubles as the captcha value. */
export function registerPayload({ username, email, password, captchaCode }: TRegisterInput): TRegister {
  return {
    username,
    email,
    password,
    user_type: 1,
    checkbox_terms: true,
    captcha_info: {
      captcha_api: 'register',
      captcha_type: 'email',
      captcha_value: email,
      captcha_code: captchaCode,
    },
  };
}

/** POST /api/v1/register (no bearer token). */
export async function register(input: TRegisterInput): Promise<void> {
  await api.post<unknown>('/api/v1/register', { json: registerPayload(input) });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

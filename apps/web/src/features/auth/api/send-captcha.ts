import type { TCaptchaApi } from '@ezrecharge/shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TSendCaptchaInput {
  captchaApi: TCaptchaApi;
  email: string;
}

/** POST /api/v1/captcha/: e-mails a 6-digit code for registration or password reset. */
export async function sendCaptcha({ captchaApi, email }: TSendCaptchaInput): Promise<void> {
  await api.post<unknown>('/api/v1/captcha/', {
    json: { captcha_api: captchaApi, captcha_type: 'email', captcha_value: email },
  });
}

export function useSendCaptcha() {
  return useMutation({ mutationFn: sendCaptcha });
}

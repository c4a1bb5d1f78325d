import type { TForgotPassword } from '@ezrecharge/shared/schemas/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TResetPasswordInput {
  email: string;
  captchaCode: string;
  newPassword: string;
}

/** POST /api/v1/user/forgot_password: the e-mailed code proves the address; the new password replaces the old. */
export async function resetPassword({ email, captchaCode, newPassword }: TResetPasswordInput): Promise<void> {
  const payload: TForgotPassword = {
    email,
    captcha_info: {
      captcha_api: 'forget_password',
      captcha_type: 'email',
      captcha_value: email,
      captcha_code: captchaCode,
    },
    new_password: newPassword,
  };
  await api.post<unknown>('/api/v1/user/forgot_password', { json: payload });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

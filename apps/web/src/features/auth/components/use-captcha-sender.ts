import { isMessageKey, MSG } from '@ezrecharge/shared/messages';
import type { TCaptchaApi } from '@ezrecharge/shared/schemas/accounts';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import type { ZodType } from 'zod';
import { reportFormError } from '../../../lib/antd-form-rules';
import { invalidFieldMessage, messageTextOf } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useSendCaptcha } from '../api/send-captcha';

interface TCaptchaSenderOptions {
  form: FormInstance;
  captchaApi: TCaptchaApi;
  /** The screen's e-mail rule, for an address that is there but not valid. */
  emailSchema: ZodType;
  emailLabel: string;
  sentText: string;
}

/**
 * What the SEND CODE / GET CODE button does on the sign-up and reset screens: without an e-mail, SPEC.md's "Please enter
 * your email to receive the verification code." under the e-mail field; otherwise ask the server, confirm with a
 * toast, and put a refusal (e.g. an address the server finds invalid) under the field it concerns.
 */
export function useCaptchaSender({
  form,
  captchaApi,
  emailSchema,
  emailLabel,
  sentText,
}: TCaptchaSenderOptions) {
  const send = useSendCaptcha();
  const popup = useErrorPopup();
  const { mutateAsync } = send;

  return useCallback(async (): Promise<boolean> => {
    const value: unknown = form.getFieldValue('email');
    const email = typeof value === 'string' ? value.trim() : '';
    if (!email) {
      form.setFields([{ name: 'email', errors: [messageTextOf(MSG.captcha_needs_email)] }]);
      return false;
    }
    const check = emailSchema.safeParse(email);
    if (!check.success) {
      const first = check.error.issues[0]?.message ?? '';
      form.setFields([
        {
          name: 'email',
          errors: [isMessageKey(first) ? messageTextOf(first) : invalidFieldMessage(emailLabel)],
        },
      ]);
      return false;
    }
    try {
      await mutateAsync({ captchaApi, email });
    } catch (error) {
      reportFormError(form, error, popup, { fields: ['email'], aliases: { captcha_value: 'email' } });
      return false;
    }
    toast.success(sentText);
    return true;
  }, [form, captchaApi, emailSchema, emailLabel, sentText, mutateAsync, popup]);
}

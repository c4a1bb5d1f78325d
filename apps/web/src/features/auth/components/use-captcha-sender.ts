import { MSG } from '@ezrecharge/shared/messages';
import type { TCaptchaApi } from '@ezrecharge/shared/schemas/accounts';
import { useCallback } from 'react';
import {
  messageTextOf,
  reportFieldErrors,
  type TSetFieldErrors,
  type TValidator,
} from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useSendCaptcha } from '../api/send-captcha';

interface TCaptchaSenderOptions {
  /** The e-mail typed so far. */
  email: string;
  /** Puts messages under the form's fields (the form's `setErrors`). */
  setErrors: TSetFieldErrors;
  /** Removes the messages of fields (the form's `clearErrors`). */
  clearErrors: (names: readonly ('email' | 'captcha_code')[]) => void;
  captchaApi: TCaptchaApi;
  /** The screen's e-mail rule, for an address that is there but not valid. */
  emailRule: TValidator;
  sentText: string;
}

/**
 * What the SEND CODE / GET CODE button does on the sign-up and reset screens: without an e-mail, SPEC.md's "Please enter
 * your email to receive the verification code." under the e-mail field; otherwise ask the server, confirm with a
 * toast and clear what the e-mail and code fields said, and put a refusal (e.g. an address the server finds invalid)
 * under the field it concerns.
 */
export function useCaptchaSender({
  email: typed,
  setErrors,
  clearErrors,
  captchaApi,
  emailRule,
  sentText,
}: TCaptchaSenderOptions) {
  const send = useSendCaptcha();
  const popup = useErrorPopup();
  const { mutateAsync } = send;

  return useCallback(async (): Promise<boolean> => {
    const email = typed.trim();
    if (!email) {
      setErrors({ email: messageTextOf(MSG.captcha_needs_email) });
      return false;
    }
    const invalid = await emailRule(email, {});
    if (invalid !== undefined) {
      setErrors({ email: invalid });
      return false;
    }
    try {
      await mutateAsync({ captchaApi, email });
    } catch (error) {
      reportFieldErrors(setErrors, error, popup, { fields: ['email'], aliases: { captcha_value: 'email' } });
      return false;
    }
    // "Please click 'SEND CODE'" no longer holds once the code is on its way (issue #32).
    clearErrors(['email', 'captcha_code']);
    toast.success(sentText);
    return true;
  }, [typed, setErrors, clearErrors, captchaApi, emailRule, sentText, mutateAsync, popup]);
}

import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_MINUTES } from '@ezrecharge/shared/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, TextInput } from '../../../components/ui/field';
import { SendIcon, WarningIcon } from '../../../components/ui/icons';
import { routePath } from '../../../lib/routes';
import type { TForm } from '../../../lib/use-form';
import './sign-in-code.css';

/** The sign-in form's values (sign-in-page.tsx), here so that the page's first load does not need this file. */
export type TSignInValues = {
  username: string;
  password: string;
  remember: boolean;
  sign_in_code: string;
};

interface TSignInCodeProps {
  form: TForm<TSignInValues>;
  /** When the server last asked for a code (`Date.now()`): a new one can be asked for a minute after that. */
  askedAt: number;
  /** Signs in again without a code: the server mails a new one if the username and password are right. */
  onResend: () => Promise<void>;
  busy: boolean;
}

function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The sign-in's code part while the account is protected after many failed sign-ins (issues #15, #33): why, the
 * field for the e-mailed code, and when a new code can be asked for. The server sends at most one code a minute to
 * an account and says so alike to every sign-in, so the page counts that minute from its own last request. Loaded
 * only when the server asks for a code: the sign-in page's first load does not carry it.
 */
export function SignInCode({ form, askedAt, onResend, busy }: TSignInCodeProps) {
  const { t } = useTranslation('auth');
  const nextAt = askedAt + EMAIL_CODE_RESEND_SECONDS * 1000;
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(nextAt));

  useEffect(() => {
    setSecondsLeft(secondsUntil(nextAt));
    const timer = window.setInterval(() => {
      const left = secondsUntil(nextAt);
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [nextAt]);

  const resend = (): Promise<void> => {
    // What was typed belongs to the code before: the field waits for the new one, without a message.
    form.setValue('sign_in_code', '', false);
    form.setErrors({ sign_in_code: '' });
    return onResend();
  };

  const minutes = EMAIL_CODE_TTL_MINUTES;
  return (
    <>
      <div className="auth-notice" role="alert">
        <WarningIcon className="auth-notice__icon" />
        <p>{t('signInCode.hint')}</p>
      </div>
      <Field
        label={t('signInCode.label')}
        {...form.field('sign_in_code')}
        required={false}
        hint={
          secondsLeft > 0
            ? t('signInCode.nextIn', { seconds: secondsLeft, minutes })
            : t('signInCode.nextNow', { minutes })
        }
      >
        <TextInput
          {...form.input('sign_in_code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
      </Field>
      <Button
        className="auth-form__resend"
        variant="link"
        icon={<SendIcon />}
        disabled={secondsLeft > 0 || busy}
        onClick={() => void resend()}
      >
        {t('signInCode.resend')}
      </Button>
      <p className="auth-form__no-mail">
        {t('signInCode.noMail')} <Link to={routePath('contact-ezrecharge')}>{t('signInCode.contact')}</Link>
      </p>
    </>
  );
}

import { MSG } from '@ezrecharge/shared/messages';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, PasswordInput, TextInput } from '../../../components/ui/field';
import { KeyIcon } from '../../../components/ui/icons';
import { lazyCheck, messageTextOf, reportFieldErrors, type TValidator } from '../../../lib/form-rules';
import { accountSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { removeLocal, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/forgot-password';
import { AuthShell } from './auth-shell';
import { CaptchaButton } from './captcha-button';
import { useCaptchaSender } from './use-captcha-sender';

type TResetValues = {
  email: string;
  captcha_code: string;
  new_password: string;
  password_confirmation: string;
};

const FIELDS = ['email', 'captcha_code', 'new_password'] as const;
const ALIASES = { 'captcha_info.captcha_value': 'email' };
/** A field's rule from the reset schema (loaded on demand). */
const resetRule = (field: 'email' | 'new_password', label: string) =>
  lazyCheck(accountSchemas, (m) => m.ZForgotPassword.shape[field], label);

/** The confirmation must repeat the new password (SPEC.md §5 message). */
const sameAsNewPassword: TValidator<string, TResetValues> = (value, values) =>
  value === values.new_password ? undefined : messageTextOf(MSG.password_mismatch);

/**
 * Password reset /reset-password (SPEC.md §2, §5): e-mail, the code e-mailed to it, and the new password. SPEC.md
 * leaves open whether the new password is on this screen; the API needs it (new_password), so it is, with a
 * confirmation so that a typo cannot lock the user out.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const reset = useResetPassword();
  const form = useForm<TResetValues>({
    initial: { email: '', captcha_code: '', new_password: '', password_confirmation: '' },
    rules: {
      email: [resetRule('email', t('fields.email'))],
      captcha_code: [lazyCheck(accountSchemas, (m) => m.ZCaptchaCode, t('fields.captcha'))],
      new_password: [resetRule('new_password', t('fields.newPassword'))],
      password_confirmation: [
        lazyCheck(
          accountSchemas,
          (m) => m.passwordField(MSG.confirm_password_required),
          t('fields.confirmPassword'),
        ),
        sameAsNewPassword,
      ],
    },
    required: ['email', 'captcha_code', 'new_password', 'password_confirmation'],
  });
  const sendCaptcha = useCaptchaSender({
    email: form.values.email,
    setErrors: form.setErrors,
    clearErrors: form.clearErrors,
    captchaApi: 'forget_password',
    emailRule: resetRule('email', t('fields.email')),
    sentText: t('reset.captchaSent'),
  });

  const onSubmit = async (values: TResetValues): Promise<void> => {
    try {
      await reset.mutateAsync({
        email: values.email.trim(),
        captchaCode: values.captcha_code.trim(),
        newPassword: values.new_password,
      });
    } catch (error) {
      reportFieldErrors(form.setErrors, error, popup, { fields: FIELDS, aliases: ALIASES });
      return;
    }
    // A remembered password is the old one now; keep the remembered username only.
    removeLocal(STORAGE_KEYS.rememberPassword);
    toast.success(t('reset.success'));
    await navigate(routePath('login'));
  };

  const field = (name: keyof TResetValues & string) => ({ ...form.field(name), required: false });
  const newPassword = form.input('new_password');
  return (
    <AuthShell
      titleId="reset-title"
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <p>
          {t('reset.remembered')} <Link to={routePath('login')}>{t('reset.signIn')}</Link>
        </p>
      }
    >
      <form className="auth-form" name="reset" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Field label={t('fields.email')} {...field('email')}>
          <TextInput {...form.input('email')} inputMode="email" autoComplete="email" spellCheck={false} />
        </Field>
        <Field label={t('fields.captcha')} {...field('captcha_code')}>
          <div className="auth-form__captcha">
            <TextInput
              {...form.input('captcha_code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <CaptchaButton label={t('reset.getCaptcha')} onSend={sendCaptcha} />
          </div>
        </Field>
        <Field label={t('fields.newPassword')} {...field('new_password')}>
          <PasswordInput
            {...newPassword}
            onChange={(event) => {
              newPassword.onChange(event);
              // The confirmation depends on it: checked again once there is one.
              if (form.values.password_confirmation !== '') void form.validateField('password_confirmation');
            }}
            autoComplete="new-password"
          />
        </Field>
        <Field label={t('fields.confirmPassword')} {...field('password_confirmation')}>
          <PasswordInput {...form.input('password_confirmation')} autoComplete="new-password" />
        </Field>
        <Button
          type="submit"
          variant="primary"
          size="large"
          block
          icon={<KeyIcon />}
          loading={reset.isPending}
        >
          {t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

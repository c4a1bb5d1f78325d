import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, PasswordInput, TextInput } from '../../../components/ui/field';
import { UserAddIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { accountSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { useRegister } from '../api/register';
import { AuthShell } from './auth-shell';
import { CaptchaButton } from './captcha-button';
import { useCaptchaSender } from './use-captcha-sender';

type TSignUpValues = {
  username: string;
  email: string;
  password: string;
  captcha_code: string;
  checkbox_terms: boolean;
};

const FIELDS = ['username', 'email', 'password', 'captcha_code', 'checkbox_terms'] as const;
/** Server names of the registration payload that belong to a differently named field here. */
const ALIASES = { 'captcha_info.captcha_value': 'email' };

/** A field's rule from the registration schema (loaded on demand). */
const registerRule = (field: 'username' | 'email' | 'password' | 'checkbox_terms', label: string) =>
  lazyCheck(accountSchemas, (m) => m.ZRegister.shape[field], label);

/** Sign-up /signup (SPEC.md §2, §3, §5). */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const register = useRegister();
  const form = useForm<TSignUpValues>({
    initial: { username: '', email: '', password: '', captcha_code: '', checkbox_terms: false },
    rules: {
      username: [registerRule('username', t('fields.username'))],
      email: [registerRule('email', t('fields.email'))],
      password: [registerRule('password', t('fields.password'))],
      captcha_code: [
        lazyCheck(
          accountSchemas,
          (m) => m.ZRegister.shape.captcha_info.shape.captcha_code,
          t('fields.captcha'),
        ),
      ],
      checkbox_terms: [registerRule('checkbox_terms', t('signup.termsLink'))],
    },
    required: FIELDS,
  });
  const sendCaptcha = useCaptchaSender({
    email: form.values.email,
    setErrors: form.setErrors,
    clearErrors: form.clearErrors,
    captchaApi: 'register',
    emailRule: registerRule('email', t('fields.email')),
    // The same answer whether or not the address has an account (issue #15): the mail says which.
    sentText: t('signup.codeOrAccountSent'),
  });

  const onSubmit = async (values: TSignUpValues): Promise<void> => {
    try {
      await register.mutateAsync({
        username: values.username,
        email: values.email.trim(),
        password: values.password,
        captchaCode: values.captcha_code.trim(),
      });
    } catch (error) {
      reportFieldErrors(form.setErrors, error, popup, { fields: FIELDS, aliases: ALIASES });
      return;
    }
    toast.success(t('signup.success'));
    await navigate(routePath('login'));
  };

  const field = (name: keyof TSignUpValues & string) => ({ ...form.field(name), required: false });
  return (
    <AuthShell
      titleId="signup-title"
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <p>
          {t('signup.haveAccount')} <Link to={routePath('login')}>{t('signup.signIn')}</Link>
        </p>
      }
    >
      <form className="auth-form" name="signup" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Field label={t('fields.username')} {...field('username')}>
          <TextInput
            {...form.input('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field label={t('fields.email')} {...field('email')}>
          <TextInput {...form.input('email')} inputMode="email" autoComplete="email" spellCheck={false} />
        </Field>
        <Field label={t('fields.password')} {...field('password')}>
          <PasswordInput {...form.input('password')} autoComplete="new-password" />
        </Field>
        <Field label={t('fields.captcha')} {...field('captcha_code')}>
          <div className="auth-form__captcha">
            <TextInput
              {...form.input('captcha_code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <CaptchaButton label={t('signup.sendCaptcha')} onSend={sendCaptcha} />
          </div>
        </Field>
        <Switch
          {...form.input('checkbox_terms')}
          {...form.field('checkbox_terms')}
          className="auth-form__terms"
        >
          {t('signup.terms')}{' '}
          <a href={routePath('terms-conditions')} target="_blank" rel="noopener">
            {t('signup.termsLink')}
            <span className="visually-hidden">{` ${t('common:opensInNewTab')}`}</span>
          </a>
        </Switch>
        <Button
          type="submit"
          variant="primary"
          size="large"
          block
          icon={<UserAddIcon />}
          loading={register.isPending}
        >
          {t('signup.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

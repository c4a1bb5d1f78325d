import { MSG } from '@ezrecharge/shared/messages';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, PasswordInput, TextInput } from '../../../components/ui/field';
import { LoginIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { accountSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useForm } from '../../../lib/use-form';
import { type TSignInInput, useSignIn } from '../api/login';
import { rememberMe } from '../utils/remember-me';
import { AuthShell } from './auth-shell';
import type { TSignInValues } from './sign-in-code';

// Only an account under attack needs the code part, and only an account with two-factor sign-in the code step
// (issue #15): each loads when needed, so the page's first load carries neither.
const SignInCode = lazy(() => import('./sign-in-code').then((module) => ({ default: module.SignInCode })));
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })),
);

const FIELDS = ['username', 'password', 'sign_in_code'] as const;

/** What the code step needs from the password step: its token, and what to remember once signed in. */
interface TSecondStep {
  token: string;
  credentials: TSignInInput;
  remember: boolean;
}

/** Sign-in /signin (SPEC.md §2, §4, §5). */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const signIn = useSignIn();

  // Issue #15: an account under attack also needs an e-mailed code; two-factor sign-in adds a code step.
  // `codeAskedAt`: when the server last asked for that code (a new one can be asked for a minute later), or null.
  const [codeAskedAt, setCodeAskedAt] = useState<number | null>(null);
  const needsSignInCode = codeAskedAt !== null;
  const [secondStep, setSecondStep] = useState<TSecondStep | null>(null);

  const form = useForm<TSignInValues>({
    initial: { username: '', password: '', remember: false, sign_in_code: '' },
    rules: {
      username: [lazyCheck(accountSchemas, (m) => m.ZLoginForm.shape.username, t('fields.username'))],
      password: [lazyCheck(accountSchemas, (m) => m.ZLoginForm.shape.password, t('fields.password'))],
      // The code field and its rule exist only once the server asked for the code.
      ...(needsSignInCode
        ? {
            sign_in_code: [
              lazyCheck(
                accountSchemas,
                (m) => m.ZLoginForm.shape.sign_in_code.unwrap(),
                t('signInCode.label'),
              ),
            ],
          }
        : {}),
    },
    required: ['username', 'password', 'sign_in_code'],
  });
  // The latest values and setter, for the prefill that arrives after an await.
  const latest = useRef(form);
  latest.current = form;

  // Remember-me: prefill what was saved, unless the visitor already started typing.
  useEffect(() => {
    let live = true;
    void rememberMe()
      .load()
      .then((saved) => {
        const { values, setValues } = latest.current;
        if (!live || !saved || values.username || values.password || values.remember) return;
        setValues({ username: saved.username, password: saved.password, remember: true });
      });
    return () => {
      live = false;
    };
  }, []);

  const finish = async (credentials: TSignInInput, remember: boolean): Promise<void> => {
    if (remember) await rememberMe().save(credentials.username, credentials.password);
    else await rememberMe().forget();
    await navigate(routePath('ezrecharge'));
  };

  /** One sign-in request; without `withCode`, a request for a new e-mailed code while the account needs one. */
  const attempt = async (submitted: TSignInValues, withCode: boolean): Promise<void> => {
    const credentials = { username: submitted.username, password: submitted.password };
    const signInCode = withCode ? submitted.sign_in_code.trim() : '';
    let result: Awaited<ReturnType<typeof signIn.mutateAsync>>;
    try {
      result = await signIn.mutateAsync({ ...credentials, ...(signInCode ? { signInCode } : {}) });
    } catch (error) {
      if (isApiError(error) && error.messageKey === MSG.sign_in_code_required) {
        // The API client showed why (429): the field for the e-mailed code appears, and the minute until a new
        // code can be asked for starts.
        setCodeAskedAt(Date.now());
        return;
      }
      // 400 is the generic "wrong username or password"; 429 and the rest were toasted by the API client.
      reportFieldErrors(form.setErrors, error, popup, {
        fields: FIELDS,
        fallback: { bad_request: t('signin.failed') },
      });
      return;
    }
    if ('twoFactorToken' in result) {
      setSecondStep({ token: result.twoFactorToken, credentials, remember: submitted.remember });
      return;
    }
    await finish(credentials, submitted.remember);
  };

  const onSubmit = (submitted: TSignInValues) => attempt(submitted, needsSignInCode);

  if (secondStep) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          token={secondStep.token}
          onSignedIn={() => finish(secondStep.credentials, secondStep.remember)}
          onBack={() => setSecondStep(null)}
        />
      </Suspense>
    );
  }

  const field = (name: keyof TSignInValues & string) => ({ ...form.field(name), required: false });
  const busy = signIn.isPending;
  return (
    <AuthShell
      titleId="signin-title"
      title={t('signin.title')}
      subtitle={t('signin.subtitle')}
      footer={
        <p>
          {t('signin.noAccount')} <Link to={routePath('register')}>{t('signin.signUp')}</Link>
        </p>
      }
    >
      <form className="auth-form" name="signin" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset className="auth-form__fields" disabled={busy}>
          <Field label={t('fields.username')} {...field('username')}>
            <TextInput
              {...form.input('username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
          <Field label={t('fields.password')} {...field('password')}>
            <PasswordInput {...form.input('password')} autoComplete="current-password" />
          </Field>
          {codeAskedAt !== null && (
            <Suspense fallback={null}>
              <SignInCode
                form={form}
                askedAt={codeAskedAt}
                onResend={() => attempt(form.values, false)}
                busy={busy}
              />
            </Suspense>
          )}
          <div className="auth-form__row">
            <Switch {...form.input('remember')}>{t('signin.remember')}</Switch>
            <Link to={routePath('reset-pwsd')}>{t('signin.forgot')}</Link>
          </div>
        </fieldset>
        <Button type="submit" variant="primary" size="large" block icon={<LoginIcon />} loading={busy}>
          {t('signin.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, TextInput } from '../../../components/ui/field';
import { ArrowLeftIcon, ShieldCheckIcon } from '../../../components/ui/icons';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { accountSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useForm } from '../../../lib/use-form';
import { useCompleteTwoFactor } from '../api/login';
import { AuthShell } from './auth-shell';

interface TTwoFactorStepProps {
  /** The token the password step answered (not a session: it only goes with a code to POST /login/two-factor). */
  token: string;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

type TCodeValues = {
  code: string;
};

/** The second step of a two-factor sign-in (issue #15): a code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ token, onSignedIn, onBack }: TTwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const popup = useErrorPopup();
  const complete = useCompleteTwoFactor();
  const form = useForm<TCodeValues>({
    initial: { code: '' },
    rules: { code: [lazyCheck(accountSchemas, (m) => m.ZSecondFactorCode, t('twoFactorStep.code'))] },
    required: ['code'],
  });

  const onSubmit = async ({ code }: TCodeValues): Promise<void> => {
    try {
      await complete.mutateAsync({ token, code: code.trim() });
    } catch (error) {
      reportFieldErrors(form.setErrors, error, popup, {
        fields: ['code'],
        fallback: { bad_request: t('twoFactorStep.failed') },
      });
      return;
    }
    await onSignedIn();
  };

  const busy = complete.isPending;
  return (
    <AuthShell
      titleId="two-factor-title"
      title={t('twoFactorStep.title')}
      subtitle={t('twoFactorStep.subtitle')}
      footer={
        <Button variant="link" icon={<ArrowLeftIcon />} onClick={onBack}>
          {t('twoFactorStep.back')}
        </Button>
      }
    >
      <form className="auth-form" name="two-factor" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset className="auth-form__fields" disabled={busy}>
          <Field label={t('twoFactorStep.code')} {...form.field('code')} required={false}>
            <TextInput
              {...form.input('code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              // The step replaces the form the visitor was typing in: its one field takes the focus.
              autoFocus
            />
          </Field>
        </fieldset>
        <Button type="submit" variant="primary" size="large" block icon={<ShieldCheckIcon />} loading={busy}>
          {t('twoFactorStep.submit')}
        </Button>
        <p className="auth-form__no-mail">
          {t('twoFactorStep.lost')}{' '}
          <Link to={routePath('contact-ezrecharge')}>{t('signInCode.contact')}</Link>
        </p>
      </form>
    </AuthShell>
  );
}

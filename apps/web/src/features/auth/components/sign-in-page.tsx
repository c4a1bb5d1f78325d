import { LockOutlined, LoginOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@ezrecharge/shared/messages';
import { ZLoginForm } from '@ezrecharge/shared/schemas/accounts';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { type TSignInInput, useSignIn } from '../api/login';
import { rememberMe } from '../utils/remember-me';
import { AuthShell } from './auth-shell';
import { LabelledSwitch } from './labelled-switch';
import { TwoFactorStep } from './two-factor-step';

interface TSignInValues {
  username: string;
  password: string;
  remember: boolean;
  sign_in_code?: string;
}

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
  const [form] = Form.useForm<TSignInValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const signIn = useSignIn();

  // Remember-me: prefill what was saved, unless the visitor already started typing.
  useEffect(() => {
    let live = true;
    void rememberMe()
      .load()
      .then((saved) => {
        if (!live || !saved || form.isFieldsTouched()) return;
        form.setFieldsValue({ username: saved.username, password: saved.password, remember: true });
      });
    return () => {
      live = false;
    };
  }, [form]);

  // Issue #15: an account under attack also needs an e-mailed code; two-factor sign-in adds a code step.
  const [needsSignInCode, setNeedsSignInCode] = useState(false);
  const [secondStep, setSecondStep] = useState<TSecondStep | null>(null);

  const finish = async (credentials: TSignInInput, remember: boolean): Promise<void> => {
    if (remember) await rememberMe().save(credentials.username, credentials.password);
    else await rememberMe().forget();
    await navigate(routePath('ezrecharge'));
  };

  const onFinish = async (values: TSignInValues): Promise<void> => {
    const credentials = { username: values.username, password: values.password };
    const signInCode = values.sign_in_code?.trim();
    let result: Awaited<ReturnType<typeof signIn.mutateAsync>>;
    try {
      result = await signIn.mutateAsync({ ...credentials, ...(signInCode ? { signInCode } : {}) });
    } catch (error) {
      if (isApiError(error) && error.messageKey === MSG.sign_in_code_required) {
        // The API client showed why (429): the field for the e-mailed code appears.
        setNeedsSignInCode(true);
        return;
      }
      // 400 is the generic "wrong username or password"; 429 and the rest were toasted by the API client.
      reportFormError(form, error, popup, { fields: FIELDS, fallback: { bad_request: t('signin.failed') } });
      return;
    }
    if ('twoFactorToken' in result) {
      setSecondStep({ token: result.twoFactorToken, credentials, remember: values.remember });
      return;
    }
    await finish(credentials, values.remember);
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        token={secondStep.token}
        onSignedIn={() => finish(secondStep.credentials, secondStep.remember)}
        onBack={() => setSecondStep(null)}
      />
    );
  }

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
      <Form<TSignInValues>
        form={form}
        name="signin"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', remember: false }}
        onFinish={(values) => void onFinish(values)}
        disabled={signIn.isPending}
      >
        <Form.Item name="username" {...fieldRules(ZLoginForm.shape.username, t('fields.username'))}>
          <Input
            prefix={<UserOutlined aria-hidden="true" />}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" {...fieldRules(ZLoginForm.shape.password, t('fields.password'))}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        {needsSignInCode && (
          <>
            <Alert className="auth-form__notice" type="warning" showIcon title={t('signInCode.hint')} />
            <Form.Item
              name="sign_in_code"
              {...fieldRules(ZLoginForm.shape.sign_in_code.unwrap(), t('signInCode.label'))}
            >
              <Input
                prefix={<MailOutlined aria-hidden="true" />}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                size="large"
              />
            </Form.Item>
          </>
        )}
        <div className="auth-form__row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <LabelledSwitch>{t('signin.remember')}</LabelledSwitch>
          </Form.Item>
          <Link to={routePath('reset-pwsd')}>{t('signin.forgot')}</Link>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<LoginOutlined aria-hidden="true" />}
          loading={signIn.isPending}
        >
          {t('signin.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}

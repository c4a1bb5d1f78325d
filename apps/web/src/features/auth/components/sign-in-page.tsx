import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { ZLoginForm } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldRules, reportFormError } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useSignIn } from '../api/login';
import { rememberMe } from '../utils/remember-me';
import { AuthShell } from './auth-shell';
import { LabelledSwitch } from './labelled-switch';

interface TSignInValues {
  username: string;
  password: string;
  remember: boolean;
}

const FIELDS = ['username', 'password'] as const;

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

  const onFinish = async (values: TSignInValues): Promise<void> => {
    const credentials = { username: values.username, password: values.password };
    try {
      await signIn.mutateAsync(credentials);
    } catch (error) {
      // 400 is the generic "wrong username or password"; 429 and the rest were toasted by the API client.
      reportFormError(form, error, popup, { fields: FIELDS, fallback: { bad_request: t('signin.failed') } });
      return;
    }
    if (values.remember) await rememberMe().save(credentials.username, credentials.password);
    else await rememberMe().forget();
    await navigate(routePath('ezrecharge'));
  };

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

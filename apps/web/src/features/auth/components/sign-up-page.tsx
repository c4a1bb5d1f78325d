import { LockOutlined, MailOutlined, SafetyOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { ZRegister } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { AuthShell } from './auth-shell';
import { CaptchaButton } from './captcha-button';
import { LabelledSwitch } from './labelled-switch';
import { useCaptchaSender } from './use-captcha-sender';

interface TSignUpValues {
  username: string;
  email: string;
  password: string;
  captcha_code: string;
  checkbox_terms: boolean;
}

const FIELDS = ['username', 'email', 'password', 'captcha_code', 'checkbox_terms'] as const;
/** Server names of the registration payload that belong to a differently named field here. */
const ALIASES = { 'captcha_info.captcha_value': 'email' };

const SCHEMA = ZRegister.shape;

/** Sign-up /signup (SPEC.md §2, §3, §5). */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<TSignUpValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const register = useRegister();
  const sendCaptcha = useCaptchaSender({
    form,
    captchaApi: 'register',
    emailSchema: SCHEMA.email,
    emailLabel: t('fields.email'),
    // The same answer whether or not the address has an account (issue #15): the mail says which.
    sentText: t('signup.codeOrAccountSent'),
  });

  const onFinish = async (values: TSignUpValues): Promise<void> => {
    try {
      await register.mutateAsync({
        username: values.username,
        email: values.email.trim(),
        password: values.password,
        captchaCode: values.captcha_code.trim(),
      });
    } catch (error) {
      reportFormError(form, error, popup, { fields: FIELDS, aliases: ALIASES });
      return;
    }
    toast.success(t('signup.success'));
    await navigate(routePath('login'));
  };

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
      <Form<TSignUpValues>
        form={form}
        name="signup"
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', email: '', password: '', captcha_code: '', checkbox_terms: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="username" {...fieldRules(SCHEMA.username, t('fields.username'))}>
          <Input
            prefix={<UserOutlined aria-hidden="true" />}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
          />
        </Form.Item>
        <Form.Item name="email" {...fieldRules(SCHEMA.email, t('fields.email'))}>
          <Input
            prefix={<MailOutlined aria-hidden="true" />}
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" {...fieldRules(SCHEMA.password, t('fields.password'))}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="new-password"
            size="large"
          />
        </Form.Item>
        <Form.Item
          label={t('fields.captcha')}
          required
          htmlFor="signup_captcha_code"
          className="auth-form__captcha"
        >
          <Space.Compact block>
            <Form.Item
              name="captcha_code"
              noStyle
              {...fieldRules(SCHEMA.captcha_info.shape.captcha_code, t('fields.captcha'))}
            >
              <Input
                id="signup_captcha_code"
                prefix={<SafetyOutlined aria-hidden="true" />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="large"
              />
            </Form.Item>
            <CaptchaButton label={t('signup.sendCaptcha')} onSend={sendCaptcha} />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="checkbox_terms"
          valuePropName="checked"
          {...fieldRules(SCHEMA.checkbox_terms, t('signup.termsLink'))}
          label={undefined}
        >
          <LabelledSwitch>
            {t('signup.terms')}{' '}
            <a href={routePath('terms-conditions')} target="_blank" rel="noopener">
              {t('signup.termsLink')}
              <span className="visually-hidden">{` ${t('common:opensInNewTab')}`}</span>
            </a>
          </LabelledSwitch>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<UserAddOutlined aria-hidden="true" />}
          loading={register.isPending}
        >
          {t('signup.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}

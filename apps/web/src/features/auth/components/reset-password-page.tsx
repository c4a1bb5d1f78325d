import { KeyOutlined, LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { MSG } from '@ezrecharge/shared/messages';
import { passwordField, ZCaptchaCode, ZForgotPassword } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldRules, reportFormError, type TRule } from '../../../lib/antd-form-rules';
import { messageTextOf } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { removeLocal, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/forgot-password';
import { AuthShell } from './auth-shell';
import { CaptchaButton } from './captcha-button';
import { useCaptchaSender } from './use-captcha-sender';

interface TResetValues {
  email: string;
  captcha_code: string;
  new_password: string;
  password_confirmation: string;
}

const FIELDS = ['email', 'captcha_code', 'new_password'] as const;
const ALIASES = { 'captcha_info.captcha_value': 'email' };
const SCHEMA = ZForgotPassword.shape;
const ZConfirm = passwordField(MSG.confirm_password_required);

/** The confirmation must repeat the new password (SPEC.md §5 message). */
const sameAsNewPassword: TRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (value !== getFieldValue('new_password')) {
      throw new Error(messageTextOf(MSG.password_mismatch));
    }
  },
});

/**
 * Password reset /reset-password (SPEC.md §2, §5): e-mail, the code e-mailed to it, and the new password. SPEC.md
 * leaves open whether the new password is on this screen; the API needs it (new_password), so it is, with a
 * confirmation so that a typo cannot lock the user out.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<TResetValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const reset = useResetPassword();
  const sendCaptcha = useCaptchaSender({
    form,
    captchaApi: 'forget_password',
    emailSchema: SCHEMA.email,
    emailLabel: t('fields.email'),
    sentText: t('reset.captchaSent'),
  });

  const onFinish = async (values: TResetValues): Promise<void> => {
    try {
      await reset.mutateAsync({
        email: values.email.trim(),
        captchaCode: values.captcha_code.trim(),
        newPassword: values.new_password,
      });
    } catch (error) {
      reportFormError(form, error, popup, { fields: FIELDS, aliases: ALIASES });
      return;
    }
    // A remembered password is the old one now; keep the remembered username only.
    removeLocal(STORAGE_KEYS.rememberPassword);
    toast.success(t('reset.success'));
    await navigate(routePath('login'));
  };

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
      <Form<TResetValues>
        form={form}
        name="reset"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '', captcha_code: '', new_password: '', password_confirmation: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="email" {...fieldRules(SCHEMA.email, t('fields.email'))}>
          <Input
            prefix={<MailOutlined aria-hidden="true" />}
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            size="large"
          />
        </Form.Item>
        <Form.Item
          label={t('fields.captcha')}
          required
          htmlFor="reset_captcha_code"
          className="auth-form__captcha"
        >
          <Space.Compact block>
            <Form.Item name="captcha_code" noStyle {...fieldRules(ZCaptchaCode, t('fields.captcha'))}>
              <Input
                id="reset_captcha_code"
                prefix={<SafetyOutlined aria-hidden="true" />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="large"
              />
            </Form.Item>
            <CaptchaButton label={t('reset.getCaptcha')} onSend={sendCaptcha} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="new_password" {...fieldRules(SCHEMA.new_password, t('fields.newPassword'))}>
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="new-password"
            size="large"
          />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          dependencies={['new_password']}
          {...fieldRules(ZConfirm, t('fields.confirmPassword'), [sameAsNewPassword])}
        >
          <Input.Password
            prefix={<LockOutlined aria-hidden="true" />}
            autoComplete="new-password"
            size="large"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<KeyOutlined aria-hidden="true" />}
          loading={reset.isPending}
        >
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}

import { MailOutlined, SendOutlined } from '@ant-design/icons';
import { EMAIL_CODE_RESEND_SECONDS } from '@ezrecharge/shared/limits';
import { ZEmailChange } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useChangeEmail, useRequestEmailChangeCode } from '../api/change-email';

interface TEmailValues {
  new_email: string;
  password: string;
  code: string;
}

const FIELDS = ['new_email', 'password', 'code'] as const;
const SCHEMA = ZEmailChange.shape;

/**
 * Change e-mail address (issue #33), in the profile tab: the address is where password resets and sign-in codes go,
 * so a new one needs the current password and a code sent to it, and the old address is told. The server answers a
 * code request alike whether or not the address has an account, so the screen says no more than it does.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<TEmailValues>();
  const popup = useErrorPopup();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const onError = (error: unknown) => reportFormError(form, error, popup, { fields: FIELDS });
  const sendCode = useToastedMutation(useRequestEmailChangeCode(), {
    success: (message) => message,
    onError,
    onSuccess: () => setSecondsLeft(EMAIL_CODE_RESEND_SECONDS),
  });
  const change = useToastedMutation(useChangeEmail(), {
    success: t('email.changed'),
    onError,
    onSuccess: () => {
      form.resetFields();
      setSecondsLeft(0);
    },
  });

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const onSendCode = async (): Promise<void> => {
    let values: Pick<TEmailValues, 'new_email' | 'password'>;
    try {
      values = await form.validateFields(['new_email', 'password']);
    } catch {
      // The fields show why.
      return;
    }
    await sendCode.run({ new_email: values.new_email.trim(), password: values.password });
  };

  const onFinish = (values: TEmailValues): Promise<boolean> =>
    change.run({ new_email: values.new_email.trim(), password: values.password, code: values.code.trim() });

  const waiting = secondsLeft > 0;
  return (
    <section className="profile-email" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title" className="profile-email__title">
        {t('email.title')}
      </h2>
      <p className="profile-email__intro">{t('email.intro')}</p>
      <Form<TEmailValues>
        form={form}
        name="change-email"
        layout="vertical"
        className="console-form"
        initialValues={{ new_email: '', password: '', code: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="new_email" {...fieldRules(SCHEMA.new_email, t('email.newEmail'))}>
          <Input inputMode="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        <Form.Item name="password" {...fieldRules(SCHEMA.password, t('email.password'))}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button
            className="profile-email__send"
            icon={<SendOutlined aria-hidden="true" />}
            loading={sendCode.isPending}
            disabled={waiting}
            onClick={() => void onSendCode()}
            aria-live="polite"
          >
            {waiting ? t('email.resendIn', { seconds: secondsLeft }) : t('email.sendCode')}
          </Button>
        </Form.Item>
        <Form.Item name="code" {...fieldRules(SCHEMA.code, t('email.code'))}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button
          className="console-form__actions"
          type="primary"
          htmlType="submit"
          icon={<MailOutlined aria-hidden="true" />}
          loading={change.isPending}
        >
          {t('email.submit')}
        </Button>
      </Form>
    </section>
  );
}

import { ArrowLeftOutlined, SafetyOutlined } from '@ant-design/icons';
import { ZSecondFactorCode } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { useCompleteTwoFactor } from '../api/login';
import { AuthShell } from './auth-shell';

interface TTwoFactorStepProps {
  /** The token the password step answered (not a session: it only goes with a code to POST /login/two-factor). */
  token: string;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

interface TCodeValues {
  code: string;
}

/** The second step of a two-factor sign-in (issue #15): a code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ token, onSignedIn, onBack }: TTwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<TCodeValues>();
  const popup = useErrorPopup();
  const complete = useCompleteTwoFactor();

  const onFinish = async ({ code }: TCodeValues): Promise<void> => {
    try {
      await complete.mutateAsync({ token, code: code.trim() });
    } catch (error) {
      reportFormError(form, error, popup, {
        fields: ['code'],
        fallback: { bad_request: t('twoFactorStep.failed') },
      });
      return;
    }
    await onSignedIn();
  };

  return (
    <AuthShell
      titleId="two-factor-title"
      title={t('twoFactorStep.title')}
      subtitle={t('twoFactorStep.subtitle')}
      footer={
        <Button type="link" icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={onBack}>
          {t('twoFactorStep.back')}
        </Button>
      }
    >
      <Form<TCodeValues>
        form={form}
        name="two-factor"
        layout="vertical"
        requiredMark={false}
        initialValues={{ code: '' }}
        onFinish={(values) => void onFinish(values)}
        disabled={complete.isPending}
      >
        <Form.Item name="code" {...fieldRules(ZSecondFactorCode, t('twoFactorStep.code'))}>
          <Input
            prefix={<SafetyOutlined aria-hidden="true" />}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            size="large"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<SafetyOutlined aria-hidden="true" />}
          loading={complete.isPending}
        >
          {t('twoFactorStep.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
}

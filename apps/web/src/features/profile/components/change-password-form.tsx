import { KeyOutlined } from '@ant-design/icons';
import { MSG } from '@ezrecharge/shared/messages';
import { passwordField, ZChangePassword } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors, fieldRules, type TRule } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { messageTextOf } from '../../../lib/form-rules';
import { routePath } from '../../../lib/routes';
import { clearSession, removeLocal, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useChangePassword } from '../api/change-password';

interface TPasswordValues {
  old_password: string;
  new_password: string;
  password_confirmation: string;
}

const FIELDS = ['old_password', 'new_password', 'password_confirmation'] as const;
const SCHEMA = ZChangePassword.shape;
const ZConfirm = passwordField(MSG.confirm_password_required);

const sameAsNewPassword: TRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (value !== getFieldValue('new_password')) {
      throw new Error(messageTextOf(MSG.password_mismatch));
    }
  },
});

/**
 * Change-password tab (SPEC.md §3, §5, §8). SPEC.md says the request is still sent after the mismatch message;
 * here a mismatch stops the form instead, because the server would set a password the user never confirmed.
 * Success ends every session on the server, so the client signs out too and asks for the new password.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'common']);
  const [form] = Form.useForm<TPasswordValues>();
  const navigate = useNavigate();
  const change = useToastedMutation(useChangePassword(), {
    success: t('password.changed'),
    onError: (error) => {
      applyServerErrors(form, error, FIELDS);
      if (!isApiError(error) || !error.toasted) toast.error(t('common:oops'));
    },
    onSuccess: () => {
      clearSession();
      // A remembered password is the old one now.
      removeLocal(STORAGE_KEYS.rememberPassword);
      return navigate(routePath('login'));
    },
  });

  const onFinish = (values: TPasswordValues): Promise<boolean> =>
    change.run({ old_password: values.old_password, new_password: values.new_password });

  return (
    <Form<TPasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      className="console-form"
      initialValues={{ old_password: '', new_password: '', password_confirmation: '' }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item name="old_password" {...fieldRules(SCHEMA.old_password, t('fields.oldPassword'))}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="new_password" {...fieldRules(SCHEMA.new_password, t('fields.newPassword'))}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        dependencies={['new_password']}
        {...fieldRules(ZConfirm, t('fields.confirmPassword'), [sameAsNewPassword])}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button
        className="console-form__actions"
        type="primary"
        htmlType="submit"
        icon={<KeyOutlined aria-hidden="true" />}
        loading={change.isPending}
      >
        {t('password.submit')}
      </Button>
    </Form>
  );
}

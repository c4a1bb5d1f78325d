import { SaveOutlined } from '@ant-design/icons';
import { ZChangeMe } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvatarField } from '../../../components/avatar-field';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoading } from '../../../components/page-loading';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { useErrorPopup } from '../../../lib/popup';
import type { TSessionUser } from '../../../lib/session';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetMe } from '../api/get-me';
import { useUpdateMe } from '../api/update-me';

interface TProfileValues {
  avatar: string;
  nickname: string;
  email: string;
}

const FIELDS = ['avatar', 'nickname', 'email'] as const;
const SCHEMA = ZChangeMe.shape;

/**
 * Profile tab (SPEC.md §2, §5, §8): avatar and nickname of the signed-in user, and the e-mail shown. The e-mail is
 * sent back as it is (SPEC.md §7 changeme); it changes through ChangeEmailForm.
 */
export function ProfileForm() {
  const me = useGetMe();
  if (me.isPending) return <PageLoading />;
  if (me.isError) return <LoadFailed onRetry={() => void me.refetch()} />;
  // Keyed by the loaded record, so the form starts again from the server's values after a reload.
  return <LoadedProfileForm key={me.dataUpdatedAt} user={me.data} />;
}

function LoadedProfileForm({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<TProfileValues>();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdateMe(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: FIELDS, alwaysShowMessage: true }),
  });

  const onFinish = (values: TProfileValues): Promise<boolean> =>
    update.run({ nickname: values.nickname.trim(), avatar: values.avatar, email: user.email });

  return (
    <Form<TProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      className="console-form"
      initialValues={{ avatar: user.avatar, nickname: user.nickname, email: user.email }}
      onFinish={(values) => void onFinish(values)}
    >
      <p className="profile-page__username">
        <span className="profile-page__username-label">{t('fields.username')}</span>
        <strong>{user.username}</strong>
      </p>
      <Form.Item name="avatar" label={t('fields.avatar')}>
        <AvatarField owner={user.nickname || user.username} />
      </Form.Item>
      <Form.Item name="nickname" {...fieldRules(SCHEMA.nickname, t('fields.nickname'))}>
        <Input autoComplete="nickname" />
      </Form.Item>
      {/* Issue #33: a new address needs the password and a code to it (Change e-mail address, below). */}
      <Form.Item name="email" label={t('fields.email')} extra={t('email.readOnlyHint')}>
        <Input readOnly spellCheck={false} />
      </Form.Item>
      <Button
        className="console-form__actions"
        type="primary"
        htmlType="submit"
        icon={<SaveOutlined aria-hidden="true" />}
        loading={update.isPending}
      >
        {t('submit')}
      </Button>
    </Form>
  );
}

import { SaveOutlined } from '@ant-design/icons';
import { ZUserCreate } from '@ezrecharge/shared/schemas/accounts';
import { Button, Form, type FormInstance, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvatarField } from '../../../components/avatar-field';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';

export interface TUserFormValues {
  username: string;
  password: string;
  nickname: string;
  email: string;
  avatar: string;
  /** undefined until chosen: SPEC.md §5 makes the choice required. */
  is_superuser: boolean | undefined;
}

interface TUserFormProps {
  form: FormInstance<TUserFormValues>;
  name: string;
  /** Add asks for username and password; edit shows the username and cannot change it or the password. */
  mode: 'add' | 'edit';
  initialValues: TUserFormValues;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: TUserFormValues) => void;
}

const SCHEMA = ZUserCreate.shape;

/** The add-user and edit-user form (SPEC.md §5: username 6–64, password 6–32, nickname ≤ 64, e-mail ≤ 64, role). */
export function UserForm({
  form,
  name,
  mode,
  initialValues,
  pending,
  submitLabel,
  onSubmit,
}: TUserFormProps) {
  const { t } = useTranslation('users-admin');
  return (
    <Form<TUserFormValues>
      form={form}
      name={name}
      layout="vertical"
      className="console-form"
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      {mode === 'add' ? (
        <>
          <Form.Item name="username" {...fieldRules(SCHEMA.username, t('fields.username'))}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
          <Form.Item name="password" {...fieldRules(SCHEMA.password, t('fields.password'))}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="username" label={t('fields.username')}>
          <Input readOnly variant="filled" />
        </Form.Item>
      )}
      <Form.Item name="nickname" {...fieldRules(SCHEMA.nickname, t('fields.nickname'))}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" {...fieldRules(SCHEMA.email, t('fields.email'))}>
        <Input inputMode="email" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="avatar" label={t('fields.avatar')}>
        <AvatarField owner={initialValues.username || t('fields.newUser')} />
      </Form.Item>
      <Form.Item name="is_superuser" {...fieldRules(SCHEMA.is_superuser, t('fields.isSuperuser'))}>
        <Radio.Group aria-label={t('fields.isSuperuser')} role="radiogroup">
          <Radio value={true}>{t('fields.yes')}</Radio>
          <Radio value={false}>{t('fields.no')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Space className="console-form__actions">
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden="true" />} loading={pending}>
          {submitLabel}
        </Button>
        <ButtonLink to={listAddress(routePath('user'))}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}

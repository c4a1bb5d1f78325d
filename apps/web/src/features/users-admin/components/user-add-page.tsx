import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useCreateUser } from '../api/create-user';
import { type TUserFormValues, UserForm } from './user-form';
import './users-admin.css';

const FIELDS = ['username', 'password', 'nickname', 'email', 'avatar', 'is_superuser'] as const;

const EMPTY: TUserFormValues = {
  username: '',
  password: '',
  nickname: '',
  email: '',
  avatar: '',
  is_superuser: undefined,
};

/** Add user /user-add (SPEC.md §2, §5, §8): success says so and goes back to the list. */
export function UserAddPage() {
  const { t } = useTranslation('users-admin');
  const [form] = Form.useForm<TUserFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const create = useToastedMutation(useCreateUser(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('user'))),
  });

  return (
    <div className="users-admin">
      <PageHeader
        title={t('add.title')}
        description={t('add.description')}
        back={<BackLink to={listAddress(routePath('user'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">
        <UserForm
          form={form}
          name="user-add"
          mode="add"
          initialValues={EMPTY}
          pending={create.isPending}
          submitLabel={t('add.submit')}
          onSubmit={(values) =>
            void create.run({
              username: values.username.trim(),
              password: values.password,
              nickname: values.nickname.trim(),
              email: values.email.trim(),
              avatar: values.avatar,
              is_superuser: values.is_superuser === true,
            })
          }
        />
      </div>
    </div>
  );
}

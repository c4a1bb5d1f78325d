import type { TUser } from '@ezrecharge/shared/schemas/accounts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ButtonLink } from '../../../components/button-link';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { type TUserFormValues, UserForm } from './user-form';
import './users-admin.css';

const FIELDS = ['nickname', 'email', 'avatar', 'is_superuser'] as const;

function parseId(raw: string | null): number {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** Edit user /user-edit?id= (SPEC.md §2, §5, §8). */
export function UserEditPage() {
  const { t } = useTranslation('users-admin');
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return (
    <div className="users-admin">
      <PageHeader
        title={t('edit.title')}
        description={t('edit.description')}
        back={<BackLink to={listAddress(routePath('user'))}>{t('form.back')}</BackLink>}
      />
      <div className="console-panel">{id ? <EditUser id={id} /> : <BadId />}</div>
    </div>
  );
}

function BadId() {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="users-admin__bad-id">
      {t('oops')}
    </p>
  );
}

function EditUser({ id }: { id: number }) {
  const { t } = useTranslation('users-admin');
  const user = useGetUser(id);
  if (user.isPending) return <PageLoading />;
  if (user.isError) {
    return (
      <LoadFailed
        onRetry={() => void user.refetch()}
        back={<ButtonLink to={listAddress(routePath('user'))}>{t('form.back')}</ButtonLink>}
      />
    );
  }
  return <EditUserForm key={user.dataUpdatedAt} user={user.data} />;
}

function EditUserForm({ user }: { user: TUser }) {
  const { t } = useTranslation('users-admin');
  const [form] = Form.useForm<TUserFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdateUser(), {
    success: t('saved'),
    onError: (error) => reportFormError(form, error, popup, { fields: FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('user'))),
  });

  return (
    <UserForm
      form={form}
      name="user-edit"
      mode="edit"
      initialValues={{
        username: user.username,
        password: '',
        nickname: user.nickname,
        email: user.email,
        avatar: user.avatar,
        is_superuser: user.is_superuser,
      }}
      pending={update.isPending}
      submitLabel={t('edit.submit')}
      onSubmit={(values) =>
        void update.run({
          id: user.id,
          values: {
            nickname: values.nickname.trim(),
            email: values.email.trim(),
            avatar: values.avatar,
            is_superuser: values.is_superuser === true,
          },
        })
      }
    />
  );
}

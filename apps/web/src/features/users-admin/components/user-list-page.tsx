import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { type TUser, ZUserListQuery } from '@ezrecharge/shared/schemas/accounts';
import { Avatar, Input, Space, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdminList,
  DeleteRowButton,
  EditRowLink,
  type TRowActions,
  useConfirmDelete,
  useListQuery,
} from '../../../components/admin-list';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useGetUsers } from '../api/get-users';
import './users-admin.css';

/** User list /user (SPEC.md §2, §5, §8, §9): filters, table, add, edit, delete with confirmation, pagination. */
export function UserListPage() {
  const { t } = useTranslation(['users-admin', 'common']);
  const list = useListQuery(ZUserListQuery);
  const users = useGetUsers(list.query);
  const remove = useDeleteUser();
  const popup = useErrorPopup();
  const askDelete = useConfirmDelete();

  const deleteUser = async (user: TUser): Promise<void> => {
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      // A refusal (400, e.g. deleting yourself) shows the server's message; other failures were toasted.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    toast.success(t('deleted'));
  };

  const confirmDelete = (user: TUser): void => {
    askDelete(() => deleteUser(user));
  };

  const columns: TableColumnsType<TUser> = [
    {
      key: 'avatar',
      title: t('columns.avatar'),
      width: 80,
      render: (_value, user) =>
        user.avatar ? (
          <Avatar src={user.avatar} alt={t('common:avatar.alt', { name: user.username })} />
        ) : (
          <Avatar icon={<UserOutlined aria-hidden="true" />} />
        ),
    },
    { key: 'username', dataIndex: 'username', title: t('columns.username') },
    { key: 'nickname', dataIndex: 'nickname', title: t('columns.nickname') },
    { key: 'email', dataIndex: 'email', title: t('columns.email') },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_value, user) =>
        user.is_superuser ? <Tag color="gold">{t('roles.superuser')}</Tag> : <Tag>{t('roles.ordinary')}</Tag>,
    },
  ];

  const actions: TRowActions<TUser> = {
    title: t('columns.actions'),
    width: 200,
    render: (user) => (
      <Space size={4} wrap>
        <EditRowLink
          className="users-admin__action"
          to={routePath('user-edit', { id: user.id })}
          label={t('actions.editUser', { name: user.username })}
        >
          {t('actions.edit')}
        </EditRowLink>
        <DeleteRowButton
          label={t('actions.deleteUser', { name: user.username })}
          onClick={() => confirmDelete(user)}
        >
          {t('actions.delete')}
        </DeleteRowButton>
      </Space>
    ),
  };

  return (
    <div className="users-admin">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={
          <ButtonLink type="primary" icon={<PlusOutlined aria-hidden="true" />} to={routePath('user-add')}>
            {t('list.add')}
          </ButtonLink>
        }
      />
      <div className="console-panel">
        <AdminList
          list={list}
          rows={users}
          name="user-filters"
          filtersLabel={t('list.filters')}
          filters={[
            {
              name: 'username',
              label: t('columns.username'),
              control: <Input allowClear autoComplete="off" />,
            },
            { name: 'email', label: t('columns.email'), control: <Input allowClear autoComplete="off" /> },
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={760}
        />
      </div>
    </div>
  );
}

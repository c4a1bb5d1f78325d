import { UserOutlined } from '@ant-design/icons';
import { type TUser, ZUserListQuery } from '@ezrecharge/shared/schemas/accounts';
import { Avatar, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AdminListPage,
  deleteAction,
  editAction,
  type TRowActions,
  textFilter,
  useListQuery,
} from '../../../components/admin-list';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useDeleteUser } from '../api/delete-user';
import { useGetUsers } from '../api/get-users';
import './users-admin.css';

/** User list /user (SPEC.md §2, §5, §8, §9): filters, table, add, edit, delete with confirmation, pagination. */
export function UserListPage() {
  const { t } = useTranslation(['users-admin', 'common']);
  const { t: texts } = useTranslation('users-admin', { keyPrefix: 'list' });
  const list = useListQuery(ZUserListQuery);
  const users = useGetUsers(list.query);
  // A refused delete (400, e.g. deleting yourself) shows the server's message.
  const remove = useToastedMutation(useDeleteUser(), { success: t('deleted') });

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
    items: [
      editAction({
        label: t('actions.edit'),
        name: (user) => t('actions.editUser', { name: user.username }),
        to: (user) => routePath('user-edit', { id: user.id }),
      }),
      deleteAction({
        label: t('actions.delete'),
        name: (user) => t('actions.deleteUser', { name: user.username }),
        onRun: (user) => remove.run(user.id),
      }),
    ],
  };

  return (
    <AdminListPage
      className="users-admin"
      texts={texts}
      addTo={routePath('user-add')}
      list={list}
      rows={users}
      name="user-filters"
      filters={[textFilter('username', t('columns.username')), textFilter('email', t('columns.email'))]}
      columns={columns}
      actions={actions}
      scrollX={760}
      cards={{ lead: ['username', 'role'] }}
    />
  );
}

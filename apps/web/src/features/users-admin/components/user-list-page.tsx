import { DeleteOutlined, EditOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { TUser } from '@ezrecharge/shared/schemas/accounts';
import { Avatar, Button, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listPagination, useConfirmDelete } from '../../../components/admin-list';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { DEFAULT_USER_LIST_PARAMS, type TUserListParams, useGetUsers } from '../api/get-users';
import './users-admin.css';
import { FilterActions } from '../../../components/filter-actions';

interface TFilterValues {
  username: string;
  email: string;
}

/** User list /user (SPEC.md §2, §5, §8, §9): filters, table, add, edit, delete with confirmation, pagination. */
export function UserListPage() {
  const { t } = useTranslation(['users-admin', 'common']);
  const [params, setParams] = useState<TUserListParams>(DEFAULT_USER_LIST_PARAMS);
  const [filters] = Form.useForm<TFilterValues>();
  const users = useGetUsers(params);
  const remove = useDeleteUser();
  const popup = useErrorPopup();
  const askDelete = useConfirmDelete();

  const search = (values: TFilterValues): void =>
    setParams((current) => ({
      ...current,
      page: 1,
      username: values.username.trim(),
      email: values.email.trim(),
    }));

  const reset = (): void => {
    filters.resetFields();
    setParams((current) => ({ ...DEFAULT_USER_LIST_PARAMS, pageSize: current.pageSize }));
  };

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
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 200,
      render: (_value, user) => (
        <Space size={4} wrap>
          <Link
            className="users-admin__action"
            to={routePath('user-edit', { id: user.id })}
            aria-label={t('actions.editUser', { name: user.username })}
          >
            <EditOutlined aria-hidden="true" /> {t('actions.edit')}
          </Link>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={t('actions.deleteUser', { name: user.username })}
            onClick={() => confirmDelete(user)}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

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
        <Form<TFilterValues>
          form={filters}
          name="user-filters"
          layout="inline"
          className="users-admin__filters"
          initialValues={{ username: '', email: '' }}
          onFinish={search}
          role="search"
          aria-label={t('list.filters')}
        >
          <Form.Item name="username" label={t('columns.username')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('columns.email')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <FilterActions onReset={reset} />
        </Form>
        <Table<TUser>
          rowKey="id"
          columns={columns}
          dataSource={users.data?.page_data ?? []}
          loading={users.isFetching}
          scroll={{ x: 760 }}
          locale={users.isError ? { emptyText: t('common:oops') } : undefined}
          pagination={listPagination(params, setParams, users.data?.total ?? 0, (total) =>
            t('list.total', { count: total }),
          )}
        />
      </div>
    </div>
  );
}

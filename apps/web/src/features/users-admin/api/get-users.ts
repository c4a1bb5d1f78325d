import { ZUser, ZUserListQuery } from '@ezrecharge/shared/schemas/accounts';
import { listQueryHook } from '../../../components/admin-list';

export const usersQueryKey = ['users'] as const;

/** GET /api/v1/user/?page&page_size&username&email (superuser): one page of users. */
export const useGetUsers = listQueryHook({
  path: '/api/v1/user/',
  item: ZUser,
  filters: ZUserListQuery,
  key: usersQueryKey,
});

import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import { ZUser } from '@ezrecharge/shared/schemas/accounts';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface TUserListParams {
  page: number;
  pageSize: number;
  username: string;
  email: string;
}

export const DEFAULT_USER_LIST_PARAMS: TUserListParams = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  username: '',
  email: '',
};

const ZUserPage = envelope(pageOf(ZUser));

/** GET /api/v1/user/?page&page_size&username&email (superuser): one page of users. */
export async function getUsers(params: TUserListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/user/', {
    query: { page: params.page, page_size: params.pageSize, username: params.username, email: params.email },
    signal,
    parse: (value) => ZUserPage.parse(value),
  });
  return body.data;
}

export const usersQueryKey = ['users'] as const;

export const getUsersQueryOptions = (params: TUserListParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetUsers(params: TUserListParams) {
  return useQuery(getUsersQueryOptions(params));
}

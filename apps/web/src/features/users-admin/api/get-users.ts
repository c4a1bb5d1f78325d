import { ZUser, type ZUserListQuery } from '@ezrecharge/shared/schemas/accounts';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';

/** Page, size and the ZUserListQuery filters (username, e-mail). */
export type TUserListQuery = TListQuery<z.output<typeof ZUserListQuery>>;

const ZUserPage = envelope(pageOf(ZUser));

/** GET /api/v1/user/?page&page_size&username&email (superuser): one page of users. */
export async function getUsers(query: TUserListQuery, signal?: AbortSignal) {
  const { username, email } = query.filters;
  const body = await api.get('/api/v1/user/', {
    query: { page: query.page, page_size: query.pageSize, username, email },
    signal,
    parse: (value) => ZUserPage.parse(value),
  });
  return body.data;
}

export const usersQueryKey = ['users'] as const;

export const getUsersQueryOptions = (query: TUserListQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetUsers(query: TUserListQuery) {
  return useQuery(getUsersQueryOptions(query));
}

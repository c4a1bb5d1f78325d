import { ZUser } from '@ezrecharge/shared/schemas/accounts';
import { envelope } from '@ezrecharge/shared/schemas/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

const ZUserBody = envelope(ZUser);

/** GET /api/v1/user/{id} (superuser). */
export async function getUser(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/v1/user/${id}`, { signal, parse: (value) => ZUserBody.parse(value) });
  return body.data;
}

export const getUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });

export function useGetUser(id: number) {
  return useQuery(getUserQueryOptions(id));
}

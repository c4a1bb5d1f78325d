import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSessionUser } from '../../../lib/session';

/** GET /api/v1/user/readme/: the signed-in user's profile (the same call the session uses). */
export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'me'],
    queryFn: ({ signal }) => fetchSessionUser({ signal }),
    // A profile form must start from the server's current values.
    staleTime: 0,
  });

export function useGetMe() {
  return useQuery(getMeQueryOptions());
}

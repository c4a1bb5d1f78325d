import { SELECT_CACHE_MS } from '@ezrecharge/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { loadProductSelect } from '../../../lib/catalogue-select';

/** The released products (the recharge form's product select), for a promotion's product choice. */
export function useProductOptions() {
  return useQuery({
    queryKey: ['rewards-admin', 'products'],
    queryFn: ({ signal }) => loadProductSelect({ signal }),
    staleTime: SELECT_CACHE_MS,
  });
}

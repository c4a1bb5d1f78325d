import { ZProduct, ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { listQueryHook } from '../../../components/admin-list';
import { productsQueryKey } from './keys';

/**
 * GET /api/v1/product/?page&page_size&name&code&status (superuser): one page of products, newest first. The
 * status filter: '1' released, '0' not, absent all.
 */
export const useGetProducts = listQueryHook({
  path: '/api/v1/product/',
  item: ZProduct,
  filters: ZProductListQuery,
  key: productsQueryKey,
});

import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZProduct } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { productsQueryKey } from './keys';

const ZProductBody = envelope(ZProduct);

/** GET /api/v1/product/release?product_id= (superuser): lists or delists the product; answers the product after. */
export async function toggleRelease(id: number) {
  const body = await api.get('/api/v1/product/release', {
    query: { product_id: id },
    parse: (value) => ZProductBody.parse(value),
  });
  return { product: body.data, message: body.message };
}

/** The list reloads after a release whether it worked or not (SPEC.md §8). */
export const useToggleRelease = mutationHook(toggleRelease, {
  queryKey: productsQueryKey,
  when: 'settled',
  onSuccess: clearSelectCaches,
});

import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

/** DELETE /api/v1/product/{id} (superuser): the product and its prices; refused (400) once an order names it. */
export async function deleteProduct(id: number): Promise<string> {
  const body = await api.delete<unknown>(`/api/v1/product/${id}`);
  return body.message;
}

/** The list reloads after a delete whether it worked or not (SPEC.md §8). */
export const useDeleteProduct = mutationHook(deleteProduct, {
  queryKey: catalogueQueryKey,
  when: 'settled',
  onSuccess: clearSelectCaches,
});

import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

/** DELETE /api/v1/price/delete/{id} (superuser); refused (400) once an order used the price. */
export async function deletePrice(id: number): Promise<string> {
  const body = await api.delete<unknown>(`/api/v1/price/delete/${id}`);
  return body.message;
}

/** The list reloads after a delete whether it worked or not (SPEC.md §8). */
export const useDeletePrice = mutationHook(deletePrice, {
  queryKey: catalogueQueryKey,
  when: 'settled',
  onSuccess: clearSelectCaches,
});

import { SELECT_CACHE_MS } from '@ezrecharge/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { loadPriceSelect, loadProductSelect } from '../../../lib/catalogue-select';
import { takeEarly } from '../../../lib/early-requests';
import type { TLanguage } from '../../../lib/i18n';

/**
 * The recharge form's catalogue: the released products and one product's prices, through the cached, decrypted
 * selects of lib/catalogue-select (SPEC.md §7, §9). The local-storage cache already spares the server, so the
 * queries stay fresh for as long as it does.
 */
export const rechargeQueryKey = ['recharge'] as const;

/** The key of the products request a prerendered recharge page starts before it hydrates (./start-requests.ts). */
export const EARLY_PRODUCTS = 'recharge.products';

export function useGetProducts() {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'products'],
    queryFn: ({ signal }) => takeEarly(EARLY_PRODUCTS, () => loadProductSelect({ signal })),
    staleTime: SELECT_CACHE_MS,
  });
}

/** Prices of `productId` with currency names in `lang`; idle until a product is chosen. */
export function useGetPrices(productId: number | undefined, lang: TLanguage) {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'prices', productId, lang],
    queryFn: ({ signal }) => loadPriceSelect(productId ?? 0, { signal, lang }),
    enabled: productId !== undefined,
    staleTime: SELECT_CACHE_MS,
  });
}

/** Query keys of the catalogue admin: a price change also changes its product's pack list (`price_list`). */
export const catalogueQueryKey = ['catalogue'] as const;
export const productsQueryKey = [...catalogueQueryKey, 'products'] as const;
export const pricesQueryKey = [...catalogueQueryKey, 'prices'] as const;

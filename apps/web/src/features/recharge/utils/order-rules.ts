import { orderRewardSchemas, orderSchemas } from '../../../lib/lazy-schemas';

/** The shared order and reward schemas the recharge form checks its fields with. */
export interface TOrderRules {
  orders: Awaited<ReturnType<typeof orderSchemas>>;
  rewards: Awaited<ReturnType<typeof orderRewardSchemas>>;
}

let loaded: TOrderRules | undefined;
let loading: Promise<TOrderRules> | undefined;

/**
 * Loads the recharge form's rules once (lib/lazy-schemas.ts: zod stays out of the page's first load). The form
 * starts this when the buyer first focuses or touches it; a field left before they arrive is checked as soon as they do, and sending waits for
 * them. A failed load is tried again on the next call.
 */
export function loadOrderRules(): Promise<TOrderRules> {
  loading ??= Promise.all([orderSchemas(), orderRewardSchemas()]).then(
    ([orders, rewards]) => {
      loaded = { orders, rewards };
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded, else undefined. */
export function loadedOrderRules(): TOrderRules | undefined {
  return loaded;
}

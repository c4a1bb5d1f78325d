import { loadProductSelect } from '../../../lib/catalogue-select';
import { startEarly } from '../../../lib/early-requests';
import { EARLY_PRODUCTS } from './get-catalogue';
import { EARLY_CHANNELS, getChannels } from './get-channels';

/**
 * The requests the recharge form always makes on its first render, the released products and the payment
 * channels, started before a prerendered page hydrates (lib/early-requests.ts); the form's queries take them over.
 */
export function startRechargeRequests(): void {
  startEarly(EARLY_PRODUCTS, () => loadProductSelect());
  // Sending a request costs a phone's main thread 10–40 ms at Lighthouse's 4× slowdown (the first one most, with the
  // schemas' preload): the second goes out in a task of its own.
  setTimeout(() => startEarly(EARLY_CHANNELS, () => getChannels()), 0);
}

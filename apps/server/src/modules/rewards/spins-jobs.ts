import { z } from 'zod';
import { BIGO_CALL_ATTEMPTS } from '../../gateways/ports';
import { defineJob } from '../../infra/jobs';

/**
 * Delivers a spun prize through BIGO as its own recharge (bu_orderid = the spin's `bu_orderid`), one live job per
 * spin, queued in the spin's transaction. Same attempts and backoff as an order's delivery; the handler is the
 * fulfilment module's (`fulfilment/prize-delivery-job.ts`).
 */
export const deliverPrizeJob = defineJob({
  kind: 'deliver-prize',
  payload: z.strictObject({ spin_id: z.number().int().positive() }),
  maxAttempts: BIGO_CALL_ATTEMPTS,
  key: (p) => `prize:${p.spin_id}`,
});

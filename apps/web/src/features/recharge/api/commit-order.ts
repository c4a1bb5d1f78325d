import type { TOrderCommitPayloadInput } from '@ezrecharge/shared/schemas/orders';
import { encryptWireJson, formatEventTime, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderSchemas, parseEnvelopeWith } from '../../../lib/lazy-schemas';

export interface TCommitOrderInput {
  payload: TOrderCommitPayloadInput;
  /** The buyer's e-mail on the public page; '' for a signed-in buyer (the server uses the profile's). */
  email: string;
}

/**
 * POST /api/v1/order/ (SPEC.md §3, §7; DESIGN.md §5): the payload travels wire-encrypted under the event time of
 * this moment (UTC+8), which goes beside it. Resolves with the server's message and the payment hand-off.
 */
export async function commitOrder({ payload, email }: TCommitOrderInput) {
  const eventtime = formatEventTime();
  const data = await encryptWireJson(payload, eventtime, WIRE_CONTEXT.order);
  return api.post('/api/v1/order/', {
    json: { data, eventtime, email },
    parse: parseEnvelopeWith(orderSchemas, (m) => m.ZOrderHandoff),
  });
}

export function useCommitOrder() {
  return useMutation({ mutationFn: commitOrder });
}

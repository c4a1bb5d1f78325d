import {
  envelope,
  MSG,
  ZDispute,
  ZDisputeEvidenceSubmit,
  ZErrorBody,
  ZOrderDisputes,
  ZOrderNumQuery,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { DisputesService } from './disputes-service';

const tags = ['orders'];

/**
 * Issue #28: an order's disputes and the evidence the shop holds for them, and the superusers' one-step submission
 * of that evidence to the gateway's disputes API.
 */
export const disputesRoutes: FastifyPluginAsyncZod<RouteContext<{ disputes: DisputesService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.disputes;
  const forSuperusers = guarded(deps.guards.requireSuperuser, tags);

  app.get(
    '/order/disputes',
    forSuperusers({
      summary: "An order's disputes and the evidence the shop holds for them (superusers)",
      description:
        'The evidence: when and from which address and browser the order was placed, the BIGO ID, when and how ' +
        'BIGO confirmed the delivery, when the receipt was sent, and a prefilled explanation.',
      querystring: ZOrderNumQuery,
      response: { 200: envelope(ZOrderDisputes), ...SIGNED_IN_ERRORS, 404: ZErrorBody },
    }),
    async (request) => ok(await service.forOrder(request.query.order_num)),
  );

  app.post(
    '/order/dispute/evidence',
    forSuperusers({
      summary: 'Submit the evidence of a dispute to the gateway, with an explanation (superusers)',
      description:
        "Stripe: one update of the dispute with `evidence[...]` and `submit=true`; the gateway's new status is " +
        'recorded with who submitted it, and an audit row is written. 400 when the dispute no longer takes ' +
        'evidence; 503 when the gateway refused or did not answer (nothing is recorded then).',
      body: ZDisputeEvidenceSubmit,
      response: { 200: envelope(ZDispute), ...SIGNED_IN_ERRORS, 404: ZErrorBody, 503: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      const dispute = await service.submitEvidence({ id: user.id, ip: request.ip }, request.body);
      return ok(dispute, MSG.dispute_evidence_submitted);
    },
  );
};

import {
  envelope,
  MSG,
  ZErrorBody,
  ZOrder,
  ZOrderNumQuery,
  ZRiskBlocklistCreate,
  ZRiskBlocklistEntry,
  ZRiskBlocklistId,
  ZRiskDecision,
  ZRiskSettings,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import { guarded, type RouteContext, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { RiskService } from './risk-service';

const tags = ['risk'];

/**
 * Issue #29: the risk controls of the console (superusers): the blocklist, the rules' settings, and the decision on
 * an order held for review.
 */
export const riskRoutes: FastifyPluginAsyncZod<RouteContext<{ risk: RiskService }>> = async (app, deps) => {
  const service = deps.services.risk;
  const admin = guarded(deps.guards.requireSuperuser, tags);

  app.get(
    '/risk/blocklist',
    admin({
      summary: 'The blocklist: BIGO IDs, e-mails, e-mail domains, addresses and CIDR ranges (superusers)',
      description: 'Newest first; `active` is false once `expires_at` has passed (no longer applied).',
      response: { 200: envelope(z.array(ZRiskBlocklistEntry)), ...SIGNED_IN_ERRORS },
    }),
    async () => ok(await service.listBlocklist()),
  );

  app.post(
    '/risk/blocklist',
    admin({
      summary:
        'Block a BIGO ID, e-mail, e-mail domain, address or CIDR range from placing orders (superusers)',
      description:
        'An order whose key matches an entry in force is refused at commit with 403 and a message that names no ' +
        'rule. `expires_at` (ISO 8601) ends the entry; without it the entry stays until deleted. Audited.',
      body: ZRiskBlocklistCreate,
      response: { 200: envelope(ZRiskBlocklistEntry), ...SIGNED_IN_ERRORS, 429: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      return ok(
        await service.addBlocklist({ id: user.id, ip: request.ip }, request.body),
        MSG.risk_blocklist_saved,
      );
    },
  );

  app.delete(
    '/risk/blocklist',
    admin({
      summary: 'Delete a blocklist entry (superusers)',
      description: 'Audited with the entry as it was.',
      querystring: ZRiskBlocklistId,
      response: { 200: envelope(z.null()), ...SIGNED_IN_ERRORS, 404: ZErrorBody, 429: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      await service.deleteBlocklist({ id: user.id, ip: request.ip }, request.query.id);
      return ok(null, MSG.risk_blocklist_deleted);
    },
  );

  app.get(
    '/risk/settings',
    admin({
      summary: "The risk rules' settings (superusers)",
      response: { 200: envelope(ZRiskSettings), ...SIGNED_IN_ERRORS },
    }),
    async () => ok(await service.settings()),
  );

  app.put(
    '/risk/settings',
    admin({
      summary: "Change the risk rules' settings (superusers)",
      description: 'The whole set; the audit row keeps the settings before and after.',
      body: ZRiskSettings,
      response: { 200: envelope(ZRiskSettings), ...SIGNED_IN_ERRORS, 429: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      return ok(
        await service.saveSettings({ id: user.id, ip: request.ip }, request.body),
        MSG.risk_settings_saved,
      );
    },
  );

  app.post(
    '/risk/holds/decide',
    admin({
      summary: 'Approve (delivery starts) or refuse (refund starts) an order held for review (superusers)',
      description:
        'The order stays paid (7) while held. `approve` queues its delivery, once; `refuse` moves it to 11 and ' +
        'refunds it through its gateway. The reason is kept on the order event and in the audit log. 409 when the ' +
        'order is not (or no longer) held.',
      querystring: ZOrderNumQuery,
      body: ZRiskDecision,
      response: {
        200: envelope(ZOrder),
        ...SIGNED_IN_ERRORS,
        404: ZErrorBody,
        409: ZErrorBody,
        429: ZErrorBody,
      },
    }),
    async (request) => {
      const user = currentUser(request);
      const order = await service.decide(
        { id: user.id, ip: request.ip },
        request.query.order_num,
        request.body,
      );
      return ok(order, MSG.risk_hold_decided_ok);
    },
  );
};

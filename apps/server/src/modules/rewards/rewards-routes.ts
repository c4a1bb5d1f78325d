import {
  envelope,
  pageOf,
  ZErrorBody,
  ZLiveOffers,
  ZMyRewards,
  ZPageQuery,
  ZPrizeQuery,
  ZPrizeRecord,
  ZPromotion,
  ZPromotionInput,
  ZRewardQuote,
  ZRewardQuoteInput,
  ZRowId,
  ZSpinResult,
  ZSpinSettings,
  ZSpinSettingsInput,
} from '@ezrecharge/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requestActor, type Sessions } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { RewardsService } from './rewards-service';
import type { SpinsService } from './spins-service';

const tags = ['rewards'];
const errors = SIGNED_IN_ERRORS;

/** The signed-in account of a public route that works with or without a session (a dead token counts as none). */
async function optionalUserId(request: FastifyRequest, sessions: Sessions): Promise<number | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  if (!token) return null;
  const user = await sessions.resolve(token);
  request.user = user;
  return user?.id ?? null;
}

/** Rewards (issue #16): the public quote, and the superusers' promotions with their cost figures. */
export const rewardsRoutes: FastifyPluginAsyncZod<
  RouteContext<{ rewards: RewardsService; spins: SpinsService }>
> = async (app, deps) => {
  const service = deps.services.rewards;
  const spins = deps.services.spins;
  const forSuperusers = guarded(deps.guards.requireSuperuser, tags);
  const forUsers = guarded(deps.guards.requireUser, tags);

  app.post(
    '/rewards/quote',
    {
      schema: {
        tags,
        summary: 'The bonus diamonds an order would get (promo code, welcome bonus, payment-method bonuses)',
        description:
          'The same rule as the order commit, without reserving anything: the commit decides again. A code that ' +
          'does not apply is an answer (`promo.applied` false with the reason), not an error. Bearer optional ' +
          '(the welcome bonus and per-account limits need it). At most 60 per minute per address.',
        body: ZRewardQuoteInput,
        response: { 200: envelope(ZRewardQuote), 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      const userId = await optionalUserId(request, deps.sessions);
      return ok(await service.quote(request.body, { userId, ip: request.ip }));
    },
  );

  app.get(
    '/rewards/live',
    {
      schema: {
        tags,
        summary: 'The offers the posters and the About page may advertise now',
        description:
          'Which advertised offers are live: the payment-method (bank transfer) bonus per currency, the welcome ' +
          'bonus, promo codes and the lucky spins. A paused or expired promotion is not live. Public; never kept by ' +
          'a browser (an offer put on or paused shows on the next page).',
        response: { 200: envelope(ZLiveOffers) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await service.liveOffers());
    },
  );

  app.get(
    '/promotions/',
    forSuperusers({
      summary: 'List promotions, newest first, with what each has cost',
      querystring: ZPageQuery,
      response: { 200: envelope(pageOf(ZPromotion)), ...errors },
    }),
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/promotions/:id',
    forSuperusers({
      summary: 'One promotion with its cost figures',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZPromotion), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/promotions/',
    forSuperusers({
      summary: 'Add a promotion (it starts paused)',
      body: ZPromotionInput,
      response: { 200: envelope(ZPromotion), ...errors },
    }),
    async (request) => ok(await service.create(requestActor(request), request.body)),
  );

  app.put(
    '/promotions/:id',
    forSuperusers({
      summary: 'Edit a promotion (bonuses already granted keep their diamonds)',
      params: z.object({ id: ZRowId }),
      body: ZPromotionInput,
      response: { 200: envelope(ZPromotion), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.update(requestActor(request), request.params.id, request.body)),
  );

  app.post(
    '/promotions/:id/pause',
    forSuperusers({
      summary: 'Pause a promotion: no new grants (granted bonuses stay)',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZPromotion), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.setActive(requestActor(request), request.params.id, false)),
  );

  app.post(
    '/promotions/:id/resume',
    forSuperusers({
      summary: 'Resume a paused promotion',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZPromotion), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.setActive(requestActor(request), request.params.id, true)),
  );

  app.get(
    '/rewards/me',
    forUsers({
      summary: 'Your spins (available, pending, used) and the history of your prizes and bonuses',
      response: { 200: envelope(ZMyRewards), ...errors },
    }),
    async (request) => ok(await spins.myRewards(currentUser(request).id)),
  );

  app.post(
    '/rewards/spins/:id/spin',
    forUsers({
      summary: 'Spin one of your available spins: draws a prize and queues its delivery to BIGO',
      description:
        'A spin already spun answers its prize again. 409 `spin_pending` (its order is not delivered yet), ' +
        '`spin_withdrawn` (its order was refunded), `spins_paused`. At most 30 a minute per account.',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZSpinResult), ...errors, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
    }),
    async (request) => ok(await spins.spin(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/rewards/spin-settings',
    forSuperusers({
      summary: 'Spin settings (on/off, diamonds per spin, prize table) and what spins have cost',
      response: { 200: envelope(ZSpinSettings), ...errors },
    }),
    async () => ok(await spins.settings()),
  );

  app.put(
    '/rewards/spin-settings',
    forSuperusers({
      summary: 'Change the spin settings (spins earned and prizes drawn keep what they have)',
      body: ZSpinSettingsInput,
      response: { 200: envelope(ZSpinSettings), ...errors },
    }),
    async (request) => ok(await spins.saveSettings(requestActor(request), request.body)),
  );

  app.get(
    '/rewards/prizes',
    forSuperusers({
      summary: 'Spun prizes, newest first, with their delivery (filter by `delivery`, e.g. failed)',
      querystring: ZPrizeQuery,
      response: { 200: envelope(pageOf(ZPrizeRecord)), ...errors },
    }),
    async (request) => ok(await spins.prizes(request.query)),
  );

  app.post(
    '/rewards/spins/:id/resend',
    forSuperusers({
      summary: 'Send a prize whose delivery failed again (same bu_orderid: BIGO never credits it twice)',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZPrizeRecord), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await spins.resend(requestActor(request), request.params.id)),
  );
};

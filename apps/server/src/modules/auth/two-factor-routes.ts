import {
  envelope,
  MSG,
  ZAccessToken,
  ZErrorBody,
  ZRecoveryCodes,
  ZTwoFactorConfirm,
  ZTwoFactorLogin,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { TwoFactorService } from './two-factor-service';

/**
 * Two-factor sign-in (two-factor-service.ts): the second step of a sign-in, and enrolment for the signed-in user.
 * The enrolment endpoints need only a session, so a superuser whose admin calls are refused can still enrol.
 */

const TAGS = ['auth'];
const errors = { ...SIGNED_IN_ERRORS, 409: ZErrorBody, 429: ZErrorBody };

export const twoFactorRoutes: FastifyPluginAsyncZod<RouteContext<{ twoFactor: TwoFactorService }>> = async (
  app,
  deps,
) => {
  const twoFactor = deps.services.twoFactor;
  const signedIn = guarded(deps.guards.requireUser, TAGS);

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags: TAGS,
        summary:
          'Second step of a two-factor sign-in: the token of the first step and a TOTP or recovery code',
        body: ZTwoFactorLogin,
        response: { 200: ZAccessToken, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) =>
      twoFactor.complete(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.get(
    '/user/two-factor',
    signedIn({
      summary:
        'Whether two-factor sign-in is on, required (superusers), and how many recovery codes are left',
      response: { 200: envelope(ZTwoFactorStatus), ...errors },
    }),
    async (request) => ok(await twoFactor.status(currentUser(request))),
  );

  app.post(
    '/user/two-factor/setup',
    signedIn({
      summary: 'Start enrolment: a new TOTP secret, as text and as a QR code, waiting for its first code',
      response: { 200: envelope(ZTwoFactorSetup), ...errors },
    }),
    async (request) => ok(await twoFactor.setup(currentUser(request))),
  );

  app.post(
    '/user/two-factor/enable',
    signedIn({
      summary:
        'Turn two-factor sign-in on with the password and a first code; answers the ten recovery codes once (signs out other sessions)',
      body: ZTwoFactorConfirm,
      response: { 200: envelope(ZRecoveryCodes), ...errors },
    }),
    async (request) =>
      ok(await twoFactor.enable(currentUser(request), request.body), MSG.two_factor_turned_on),
  );

  app.post(
    '/user/two-factor/disable',
    signedIn({
      summary:
        'Turn two-factor sign-in off with the password and a code (not for superusers; signs out other sessions)',
      body: ZTwoFactorConfirm,
      response: { 200: envelope(z.null()), ...errors },
    }),
    async (request) => {
      await twoFactor.disable(currentUser(request), request.body);
      return ok(null, MSG.two_factor_turned_off);
    },
  );
};

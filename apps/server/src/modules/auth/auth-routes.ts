import {
  envelope,
  MSG,
  ZCaptchaRequest,
  ZChangeMe,
  ZChangePassword,
  ZEmailChange,
  ZEmailChangeCode,
  ZErrorBody,
  ZForgotPassword,
  ZLoginAnswer,
  ZLoginForm,
  ZMe,
  ZRegister,
  ZUser,
} from '@ezrecharge/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { mailLanguage } from './auth-mails';
import type { AuthService, RequestMeta } from './auth-service';

/** Sign-in, sign-up, codes, password reset, profile and password change (SPEC.md §7 "Auth and profile"). */

const TAGS = ['auth'];
const SECURITY = [{ bearer: [] }];
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  409: ZErrorBody,
  429: ZErrorBody,
};
const ZNone = envelope(z.null());

function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    lang: mailLanguage(request.headers['accept-language']),
  };
}

export const authRoutes: FastifyPluginAsyncZod<RouteContext<{ auth: AuthService }>> = async (app, deps) => {
  const auth = deps.services.auth;
  const requireUser = deps.guards.requireUser;

  app.post(
    '/login/access-token',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sign in (form-encoded; password wire-encrypted with client_secret as event time): a session, or with two-factor sign-in on, the token of its second step',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZLoginForm,
        response: { 200: ZLoginAnswer, ...errors },
      },
    },
    async (request) => {
      const { username, password, client_secret, sign_in_code } = request.body;
      return auth.login(
        { username, password, eventtime: client_secret, signInCode: sign_in_code },
        requestMeta(request),
      );
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out (ends this session)',
        security: SECURITY,
        response: { 200: ZNone, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      await auth.logout(currentUser(request).sessionId);
      return ok(null, MSG.logout_success);
    },
  );

  app.post(
    '/captcha/',
    {
      schema: {
        tags: TAGS,
        summary: 'E-mail a 6-digit verification code (register or forget_password)',
        body: ZCaptchaRequest,
        response: { 200: ZNone, ...errors },
      },
    },
    async (request) => {
      await auth.sendCode(request.body, requestMeta(request));
      return ok(null, MSG.code_sent);
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an account with an e-mailed code',
        body: ZRegister,
        response: { 200: envelope(ZUser), ...errors },
      },
    },
    async (request) => ok(await auth.register(request.body, requestMeta(request)), MSG.register_success),
  );

  app.post(
    '/user/forgot_password',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with an e-mailed code (ends every session)',
        body: ZForgotPassword,
        response: { 200: ZNone, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, requestMeta(request));
      return ok(null, MSG.reset_success);
    },
  );

  app.get(
    '/user/readme/',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        security: SECURITY,
        response: { 200: envelope(ZMe), ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await auth.profile(currentUser(request))),
  );

  app.post(
    '/user/changeme',
    {
      schema: {
        tags: TAGS,
        summary:
          'Update nickname and avatar of the signed-in user (the e-mail sent must be the account’s own: a new one needs /user/change_email)',
        security: SECURITY,
        body: ZChangeMe,
        response: { 200: envelope(ZUser), ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => ok(await auth.updateProfile(currentUser(request).id, request.body), MSG.profile_saved),
  );

  app.post(
    '/user/change_email/code',
    {
      schema: {
        tags: TAGS,
        summary:
          'E-mail a code to a new address for the signed-in user (needs the current password; the same answer whether or not the address has an account)',
        security: SECURITY,
        body: ZEmailChangeCode,
        response: { 200: ZNone, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      await auth.requestEmailChangeCode(currentUser(request).id, request.body, requestMeta(request));
      return ok(null, MSG.email_change_code_sent);
    },
  );

  app.post(
    '/user/change_email',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change the e-mail address of the signed-in user with the current password and the code sent to the new address (the old address is told)',
        security: SECURITY,
        body: ZEmailChange,
        response: { 200: envelope(ZUser), ...errors },
      },
      preHandler: requireUser,
    },
    async (request) =>
      ok(
        await auth.changeEmail(currentUser(request).id, request.body, requestMeta(request)),
        MSG.email_changed,
      ),
  );

  app.post(
    '/user/change_password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the password (ends every session, this one included)',
        security: SECURITY,
        body: ZChangePassword,
        response: { 200: ZNone, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      await auth.changePassword(currentUser(request).id, request.body, requestMeta(request));
      return ok(null, MSG.password_changed);
    },
  );
};

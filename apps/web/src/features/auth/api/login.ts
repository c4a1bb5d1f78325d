import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountSchemas, parseWith } from '../../../lib/lazy-schemas';
import { startSession, type TSessionUser } from '../../../lib/session';

export interface TSignInInput {
  username: string;
  password: string;
  /** The e-mailed sign-in code, while the account is protected after many failed sign-ins (issue #15). */
  signInCode?: string;
}

/** A signed-in user, or the second step of a two-factor sign-in (no session yet). */
export type TSignInResult = { user: TSessionUser } | { twoFactorToken: string };

/**
 * POST /api/v1/login/access-token, form-encoded (SPEC.md §3, §7): the password travels in the wire format keyed
 * by the event time and the username as typed; the event time goes as client_secret. No bearer token.
 */
export async function requestAccessToken({ username, password, signInCode }: TSignInInput) {
  // The wire format loads with the first sign-in, not with the page.
  const { encryptWire, formatEventTime, loginContext } = await import('@ezrecharge/shared/wire-crypto');
  const eventtime = formatEventTime();
  return apiRequest('/api/v1/login/access-token', {
    method: 'POST',
    form: {
      username,
      password: await encryptWire(password, eventtime, loginContext(username)),
      client_secret: eventtime,
      ...(signInCode ? { sign_in_code: signInCode } : {}),
    },
    parse: parseWith(accountSchemas, (m) => m.ZLoginAnswer),
  });
}

/**
 * Login (SPEC.md §4): token, then the profile, then the session keys; any failure leaves no session behind. With
 * two-factor sign-in on, the password only earns the token of the code step.
 */
export async function signIn(input: TSignInInput): Promise<TSignInResult> {
  const answer = await requestAccessToken(input);
  if ('two_factor_token' in answer) return { twoFactorToken: answer.two_factor_token };
  return { user: await startSession(answer.access_token) };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** POST /api/v1/login/two-factor: the code step's token and a TOTP or recovery code make the session. */
export async function completeTwoFactor(input: { token: string; code: string }): Promise<TSessionUser> {
  const answer = await apiRequest('/api/v1/login/two-factor', {
    method: 'POST',
    json: { two_factor_token: input.token, code: input.code },
    parse: parseWith(accountSchemas, (m) => m.ZAccessToken),
  });
  return startSession(answer.access_token);
}

export function useCompleteTwoFactor() {
  return useMutation({ mutationFn: completeTwoFactor });
}

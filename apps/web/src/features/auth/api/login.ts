import { ZAccessToken } from '@ezrecharge/shared/schemas/accounts';
import { encryptWire, formatEventTime, loginContext } from '@ezrecharge/shared/wire-crypto';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession, type TSessionUser } from '../../../lib/session';

export interface TSignInInput {
  username: string;
  password: string;
}

/**
 * POST /api/v1/login/access-token, form-encoded (SPEC.md §3, §7): the password travels in the wire format keyed
 * by the event time and the username as typed; the event time goes as client_secret. No bearer token.
 */
export async function requestAccessToken({ username, password }: TSignInInput): Promise<string> {
  const eventtime = formatEventTime();
  const body = await apiRequest('/api/v1/login/access-token', {
    method: 'POST',
    form: {
      username,
      password: await encryptWire(password, eventtime, loginContext(username)),
      client_secret: eventtime,
    },
    parse: (value) => ZAccessToken.parse(value),
  });
  return body.access_token;
}

/** Login (SPEC.md §4): token, then the profile, then the session keys; any failure leaves no session behind. */
export async function signIn(input: TSignInInput): Promise<TSessionUser> {
  return startSession(await requestAccessToken(input));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

import { storeSessionUser } from '../lib/session';
import { setAccessToken } from '../lib/storage';
import { userRecord } from './stub-api';

/** Puts the browser in the state a successful sign-in leaves: token cookie and SPEC.md §3 session keys. */
export function signInAs(overrides: Record<string, unknown> = {}) {
  const user = userRecord(overrides);
  setAccessToken('test-token');
  storeSessionUser(user);
  return user;
}

import { storeSessionUser } from '../lib/session';
import { setAccessToken } from '../lib/storage';
import { userRecord } from './stub-api';

/**
 * Puts the browser in the state a successful sign-in leaves: token cookie and SPEC.md §3 session keys. A superuser
 * has two-factor sign-in on unless the test says otherwise (a superuser's console needs it, issue #15).
 */
export function signInAs(overrides: Record<string, unknown> = {}) {
  const user = { two_factor_enabled: overrides.is_superuser === true, ...userRecord(overrides) };
  setAccessToken('test-token');
  storeSessionUser(user);
  return user;
}

import { encryptWire, formatEventTime, loginContext } from '@ezrecharge/shared';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/infra/passwords';

/** Signs in through the real endpoint, as the web app does (SPEC.md §7: form-encoded, wire-encrypted password). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  eventtime: string = formatEventTime(),
) {
  const encrypted = await encryptWire(password, eventtime, loginContext(username));
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: encrypted, client_secret: eventtime }).toString(),
  });
}

/**
 * An event time used by no earlier sign-in of this test process: the server refuses a second sign-in of one user
 * with the same event time (a replay), and tests sign in faster than one per second. Steps back from 30 s ago,
 * one second per call (tests that pick their own event times use the last few seconds), staying well inside the
 * 5-minute freshness window.
 */
let eventtimeSteps = 0;
function uniqueEventTime(): string {
  eventtimeSteps = (eventtimeSteps + 1) % 200;
  return formatEventTime(new Date(Date.now() - (30 + eventtimeSteps) * 1000));
}

/** Signs in and returns the Authorization header value; fails the test if sign-in fails. */
export async function bearer(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password, uniqueEventTime());
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return `Bearer ${(res.json() as { access_token: string }).access_token}`;
}

/** Inserts a user directly (for tests that are not about registration). */
export async function createUser(
  app: FastifyInstance,
  fields: { username: string; password: string; email: string; isSuperuser?: boolean; isActive?: boolean },
): Promise<number> {
  const [row] = await app.database.db
    .insert(users)
    .values({
      username: fields.username,
      passwordHash: await hashPassword(fields.password),
      nickname: fields.username,
      email: fields.email,
      isSuperuser: fields.isSuperuser ?? false,
      isActive: fields.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

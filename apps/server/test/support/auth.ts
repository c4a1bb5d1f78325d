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

/** Signs in and returns the Authorization header value; fails the test if sign-in fails. */
export async function bearer(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password);
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

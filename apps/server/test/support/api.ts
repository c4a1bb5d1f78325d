import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { auditLog, users } from '../../src/db/schema';
import { bearer, createUser } from './auth';
import { TEST_ADMIN, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the real app over its HTTP stack as a client would: method, URL, the Authorization header when signed in
 * and a JSON body. `app` is read at each call (tests start their app in beforeAll); `extra` adds to every request
 * (e.g. a fresh client address).
 */
export function apiCaller(app: () => FastifyInstance, extra: () => Partial<InjectOptions> = () => ({})) {
  return (method: Method, url: string, auth?: string, payload?: object) =>
    app().inject({
      method,
      url,
      ...extra(),
      ...(auth ? { headers: { authorization: auth } } : {}),
      ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
    });
}

/** The audit rows of one action on one entity. */
export function auditRows(t: TestApp, action: string, entityId: number | string) {
  return t.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

/** The seeded superuser's and a plain user's sessions, as most admin tests need them. */
export async function adminAndPlainUser(t: TestApp): Promise<{
  admin: string;
  adminId: number;
  plain: string;
  plainId: number;
}> {
  const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  const [row] = await t.app.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
  const plainId = await createUser(t.app, {
    username: 'plain_user',
    password: 'plain-pass',
    email: 'plain@example.com',
  });
  const plain = await bearer(t.app, 'plain_user', 'plain-pass');
  return { admin, adminId: row?.id ?? 0, plain, plainId };
}

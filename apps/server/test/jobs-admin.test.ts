import { MESSAGES, ORDER_STATUS } from '@ezrecharge/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, orders } from '../src/db/schema';
import { bearer, createUser } from './support/auth';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/** The operators' view of jobs that ran out of attempts (issue #12): list, filter, retry (audited), on the real app. */
describe('dead jobs (superusers)', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;

  const call = (method: 'GET' | 'POST', url: string, auth?: string) =>
    t.app.inject({ method, url, ...(auth ? { headers: { authorization: auth } } : {}) });

  /** A job as the queue leaves one that used up its attempts. */
  async function deadJob(kind: string, payload: Record<string, unknown>, key: string, error: string) {
    const [row] = await t.app.database.db
      .insert(jobs)
      .values({
        kind,
        payload,
        state: 'dead',
        attempts: 20,
        maxAttempts: 20,
        lastError: error,
        dedupeKey: key,
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error('job not inserted');
    return row.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, {
      username: 'jobs_plain',
      password: 'plain-pass',
      email: 'jobs_plain@example.com',
    });
    plain = await bearer(t.app, 'jobs_plain', 'plain-pass');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are for superusers only', async () => {
    expect((await call('GET', '/api/v1/jobs/dead')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/jobs/dead', plain)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/jobs/1/retry')).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/jobs/1/retry', plain)).statusCode).toBe(403);
  });

  it('lists dead jobs with their last error, newest first, filtered by kind', async () => {
    const a = await deadJob(
      'receipt-mail',
      { order_num: 'EZLIST1' },
      'receipt:EZLIST1',
      'SMTP 421 try later',
    );
    const b = await deadJob(
      'refund-order',
      { order_num: 'EZLIST2', attempt: 1 },
      'refund:EZLIST2:1',
      'no answer',
    );
    // A done job is not listed.
    await t.app.database.db.insert(jobs).values({ kind: 'receipt-mail', payload: {}, state: 'done' });

    const all = await call('GET', '/api/v1/jobs/dead?page=1&page_size=10', admin);
    expect(all.statusCode).toBe(200);
    const page = all.json().data;
    expect(page.page_data.map((j: { id: number }) => j.id).slice(0, 2)).toEqual([b, a]);
    expect(page.page_data[1]).toMatchObject({
      kind: 'receipt-mail',
      payload: { order_num: 'EZLIST1' },
      attempts: 20,
      max_attempts: 20,
      last_error: 'SMTP 421 try later',
    });
    const receipts = (await call('GET', '/api/v1/jobs/dead?kind=receipt-mail', admin)).json().data;
    expect(receipts.page_data.every((j: { kind: string }) => j.kind === 'receipt-mail')).toBe(true);
    expect(receipts.total).toBe(receipts.page_data.length);
    expect((await call('GET', '/api/v1/jobs/dead?page=0', admin)).statusCode).toBe(400);
  });

  it('retries a dead receipt: queued with all its attempts, audited, and the mail goes out', async () => {
    const order = await insertOrder(t.app, { productId: null, priceId: null, status: ORDER_STATUS.CHARGED });
    const email = `retry-${order.orderNum}@example.com`.toLowerCase();
    await t.app.database.db
      .update(orders)
      .set({ email, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const id = await deadJob(
      'receipt-mail',
      { order_num: order.orderNum },
      `receipt:${order.orderNum}`,
      'SMTP down',
    );

    const res = await call('POST', `/api/v1/jobs/${id}/retry`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.job_retried, data: { id, attempts: 0 } });
    const [row] = await t.app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ kind: 'receipt-mail', last_error: 'SMTP down' });

    // A second retry finds it queued, not dead.
    const again = await call('POST', `/api/v1/jobs/${id}/retry`, admin);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.job_not_dead);

    await t.app.jobs.runDue();
    const [done] = await t.app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(done?.state).toBe('done');
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase().includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(order.orderNum);
  });

  it('answers 404 for a job that does not exist', async () => {
    const res = await call('POST', '/api/v1/jobs/999999/retry', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.job_not_found);
  });
});

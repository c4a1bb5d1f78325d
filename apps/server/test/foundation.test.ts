import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs, prices, products, users } from '../src/db/schema';
import { queryRows } from '../src/infra/db';
import { verifyPassword } from '../src/infra/passwords';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

describe('a running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the envelope, database state and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'OK',
      data: { status: 'ok', db: 'ok', version: t.config.version },
    });
  });

  it('answers an unknown API path with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      message: 'Not Found',
      detail: 'GET /api/v1/no-such-thing does not exist',
      code: 'not_found',
    });
  });

  it('serves the SPA for client routes with no-cache, and hashed assets with a long cache', async () => {
    for (const url of ['/', '/faq', '/user-edit?id=3', '/some/deep/route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a POST to an unknown non-API path with JSON 404, not the SPA', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/faq', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends security headers and a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toContain('/api/v1/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx JSON, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_json' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    // No route takes this body, so it is a 404; routes that exist answer 415 (src/infra/http.test.ts).
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toMatchObject({ code: 'not_found' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('first start', () => {
  it('migrates an empty database and seeds the superuser, the sample catalogue and FAQ', async () => {
    const t = await startTestApp();
    try {
      const { db } = t.app.database;
      const tables = await queryRows<{ table_name: string }>(
        db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = tables.map((r) => r.table_name);
      for (const table of [
        'users',
        'sessions',
        'email_codes',
        'login_nonces',
        'products',
        'prices',
        'orders',
        'order_events',
        'payment_notifications',
        'faqs',
        'feedback',
        'jobs',
        'audit_log',
      ]) {
        expect(names, table).toContain(table);
      }

      const [admin] = await db.select().from(users);
      expect(admin?.username).toBe(TEST_ADMIN.username);
      expect(admin?.isSuperuser).toBe(true);
      expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(await verifyPassword(admin?.passwordHash ?? '', TEST_ADMIN.password)).toBe(true);
      // A password given by the operator is never echoed back.
      expect(t.announced).toEqual([]);

      const catalogue = await db.select().from(products);
      expect(catalogue).toHaveLength(1);
      expect(catalogue[0]?.release).toBe(true);
      const packs = await db.select().from(prices);
      expect(new Set(packs.map((p) => p.currency))).toEqual(new Set(['SGD', 'MYR', 'USD']));
      expect(new Set(packs.map((p) => p.gameAmount))).toEqual(new Set([100, 500, 1000, 5000, 10000, 40000]));
      expect(packs.every((p) => Number.isInteger(p.unitAmount) && p.unitAmount > 0)).toBe(true);

      const faq = await db.select().from(faqs);
      expect(faq.length).toBeGreaterThanOrEqual(3);
      expect(faq.every((f) => f.questionEn && f.questionZh && f.answerEn && f.answerZh)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('prints a generated admin password once, and it signs the admin in', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-first-'));
    try {
      // The embedded database on disk, so a second start sees the first one's data.
      const env = { DATABASE_URL: '', ADMIN_PASSWORD: '' };
      const first = await startTestApp(env, { dataDir });
      const notice = first.announced.join('\n');
      const password = /password: (\S+)/.exec(notice)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      const [admin] = await first.app.database.db.select().from(users);
      expect(await verifyPassword(admin?.passwordHash ?? '', password)).toBe(true);
      await first.close();

      const second = await startTestApp(env, { dataDir });
      expect(second.announced).toEqual([]);
      const all = await second.app.database.db.select().from(users);
      expect(all).toHaveLength(1);
      const catalogue = await second.app.database.db.select().from(products);
      expect(catalogue).toHaveLength(1);
      await second.close();
      expect(await readdir(dataDir)).toEqual(
        expect.arrayContaining(['pg', 'uploads', 'outbox', 'app-secret']),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('start-up failures', () => {
  it('refuses a data directory that another live process holds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-lock-'));
    try {
      await writeFile(path.join(dataDir, 'pg.lock'), String(process.ppid));
      await expect(startTestApp({ DATABASE_URL: '' }, { dataDir })).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by another EzRecharge process (pid ${process.ppid})`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-stale-'));
    try {
      await writeFile(path.join(dataDir, 'pg.lock'), '999999');
      const t = await startTestApp({ DATABASE_URL: '' }, { dataDir });
      await t.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over the lock of a killed process that its parent has not reaped (a zombie)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-zombie-'));
    // The shell starts a child, prints its pid and becomes `sleep`, which never reaps: once killed, the child
    // stays a zombie (it still answers kill(pid, 0)) until the sleep ends.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = Number((await once(parent.stdout, 'data'))[0].toString().trim());
      // Kill only once the shell has become `sleep`: the shell itself would reap the child.
      await expect
        .poll(async () => (await readFile(`/proc/${parent.pid}/comm`, 'utf8')).trim(), { timeout: 10_000 })
        .toBe('sleep');
      process.kill(pid, 'SIGKILL');
      await expect
        .poll(async () => (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.[0], {
          timeout: 10_000,
        })
        .toBe('Z');
      await writeFile(path.join(dataDir, 'pg.lock'), String(pid));
      const t = await startTestApp({ DATABASE_URL: '' }, { dataDir });
      await t.close();
    } finally {
      parent.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock whose pid now belongs to another process (the start time differs)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-reused-'));
    try {
      await writeFile(path.join(dataDir, 'pg.lock'), `${process.ppid} 1`);
      const t = await startTestApp({ DATABASE_URL: '' }, { dataDir });
      await t.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a data directory that cannot be created', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'ezr-file-'));
    const file = path.join(parent, 'not-a-dir');
    await writeFile(file, 'x');
    try {
      await expect(startTestApp({}, { dataDir: path.join(file, 'data') })).rejects.toThrow(
        /^DATA_DIR .*not-a-dir\/data is missing and cannot be created, or is not writable: ENOTDIR$/,
      );
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('refuses an unreachable DATABASE_URL with one line that hides the password', async () => {
    const err = await startTestApp({ DATABASE_URL: 'postgres://shop:hunter2@127.0.0.1:1/ezrecharge' }).catch(
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toMatch(
      /^DATABASE_URL postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/ezrecharge does not answer: /,
    );
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
  });

  it('answers health with 503 when the database stops answering', async () => {
    const t = await startTestApp();
    try {
      await t.app.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', message: 'Service Unavailable' });
    } finally {
      await t.close();
    }
  });
});

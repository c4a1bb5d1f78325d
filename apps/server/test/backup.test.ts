import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatEventTime, type TOrder } from '@ezrecharge/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HttpAuthenticator } from './support/http-authenticator';
import { IMAGES } from './support/images';
import {
  commitBody,
  firstSgdPack,
  request,
  type SiteProcess,
  sleep,
  spawnSiteProcess,
  waitHealthy,
} from './support/site-process';
import { createTestDatabase, freePort, TEST_PG_BASE } from './support/test-app';

/**
 * `npm run backup` and `npm run restore` (issue #31) on real processes: a backup taken while buyers keep ordering,
 * restored into an empty DATA_DIR (embedded) or an empty database (PostgreSQL), and a server started on it holds
 * every order placed before the backup began, the users and the uploads; the admin still signs in with the
 * second factor enrolled before (its secret is sealed: the key came back too). A non-empty target is refused.
 */

const ADMIN = { username: 'admin', password: 'backup-pass-1' };
const PASSPHRASE = 'a passphrase for the key';
const processes: SiteProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ezr-backup-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function database(): Promise<string> {
  if (!TEST_PG_BASE) return '';
  const created = await createTestDatabase(TEST_PG_BASE);
  cleanups.push(created.drop);
  return created.url;
}

async function startServer(env: Record<string, string>): Promise<{ url: string; proc: SiteProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnSiteProcess('src/main.ts', {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  processes.push(proc);
  await waitHealthy(url, proc);
  return { url, proc };
}

async function command(
  entry: 'src/backup.ts' | 'src/restore.ts',
  env: Record<string, string>,
  args: string[],
) {
  const proc = spawnSiteProcess(entry, env, args);
  processes.push(proc);
  return { code: await proc.exited, output: proc.output() };
}

let second = Math.floor(Date.now() / 1000) - 60;
const eventTime = () => formatEventTime(new Date(++second * 1000));

async function api(url: string, auth: string, route: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}${route}`, {
    method: init.method ?? 'GET',
    headers: { authorization: auth, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
}

async function roundTrip(kind: 'embedded' | 'postgres'): Promise<void> {
  const source = await tempDir();
  const target = await tempDir();
  // Embedded: the generated key travels in the backup, encrypted. PostgreSQL: the key is APP_SECRET, kept apart.
  const keyEnv: Record<string, string> =
    kind === 'embedded'
      ? { BACKUP_PASSPHRASE: PASSPHRASE }
      : { APP_SECRET: 'backup-test-key-0123456789abcdef0123' };
  const sourceEnv = {
    DATA_DIR: source,
    DATABASE_URL: kind === 'postgres' ? await database() : '',
    ...keyEnv,
  };
  const targetEnv = {
    DATA_DIR: target,
    DATABASE_URL: kind === 'postgres' ? await database() : '',
    ...keyEnv,
  };

  const site = await startServer(sourceEnv);
  const authenticator = new HttpAuthenticator(ADMIN.username, ADMIN.password);
  const auth = await authenticator.signIn(site.url, eventTime());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(IMAGES.png)], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${site.url}/api/v1/attachment/uploadfile/?attachment_type=avatar`, {
    method: 'POST',
    headers: { authorization: auth },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const avatar = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const created = await api(site.url, auth, '/api/v1/user/', {
    method: 'POST',
    body: {
      username: 'kept_user',
      password: 'kept-pass-1',
      nickname: 'Kept',
      avatar,
      email: 'kept@example.com',
      is_superuser: false,
    },
  });
  expect(created.status).toBe(200);

  // Buyers order from their own addresses until told to stop; the backup runs in the middle of it.
  const pack = await firstSgdPack(site.url);
  const committed: { orderNum: string; at: number }[] = [];
  let stop = false;
  const buyers = Array.from({ length: 4 }, async (_, b) => {
    const agent = new http.Agent({ keepAlive: true, localAddress: `127.3.0.${b + 1}` });
    for (let i = 0; !stop && i < 25; i++) {
      const res = await request(`${site.url}/api/v1/order/`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
        body: await commitBody(pack, `backup_fan_${b}`, 'buyer@example.com'),
      });
      if (res.status === 200) {
        committed.push({
          orderNum: (JSON.parse(res.body) as { data: { order_num: string } }).data.order_num,
          at: Date.now(),
        });
      }
      await sleep(100);
    }
    agent.destroy();
  });
  await sleep(1_500);
  const backupStarted = Date.now();
  const file = path.join(await tempDir(), 'site.ezbackup.tar.gz');
  const backup = await command('src/backup.ts', sourceEnv, [file]);
  expect(backup.code, backup.output).toBe(0);
  stop = true;
  await Promise.all(buyers);
  const before = committed.filter((c) => c.at < backupStarted).map((c) => c.orderNum);
  expect(before.length).toBeGreaterThan(3);
  site.proc.child.kill('SIGTERM');
  expect(await site.proc.exited).toBe(0);

  const restored = await command('src/restore.ts', targetEnv, [file]);
  expect(restored.code, restored.output).toBe(0);
  // Into a target that now holds a site: refused, nothing touched.
  const again = await command('src/restore.ts', targetEnv, [file]);
  expect(again.code).toBe(1);
  expect(again.output).toContain('not empty');

  const back = await startServer(targetEnv);
  // The same authenticator: the second factor enrolled before the backup still signs in (its sealed secret opens).
  const auth2 = await authenticator.signIn(back.url, eventTime());
  const users = await api(back.url, auth2, '/api/v1/user/?username=kept_user&page=1&page_size=10');
  expect(JSON.stringify(users.body.data)).toContain('kept@example.com');
  const numbers = new Set<string>();
  for (let page = 1; page < 20; page++) {
    const listed = await api(back.url, auth2, `/api/v1/order/?page=${page}&page_size=50`);
    const rows = (listed.body.data as { page_data?: TOrder[] } | undefined)?.page_data ?? [];
    for (const o of rows) numbers.add(o.order_num);
    if (rows.length < 50) break;
  }
  for (const orderNum of before) expect(numbers.has(orderNum), orderNum).toBe(true);
  const image = await fetch(`${back.url}${avatar}`);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).length).toBeGreaterThan(0);
  back.proc.child.kill('SIGTERM');
  await back.proc.exited;
}

describe('npm run backup / npm run restore', () => {
  it.skipIf(Boolean(TEST_PG_BASE))(
    'restores an embedded site backed up while buyers order',
    { timeout: 180_000 },
    async () => {
      await roundTrip('embedded');
    },
  );

  it.skipIf(!TEST_PG_BASE)(
    'restores a PostgreSQL site backed up while buyers order',
    { timeout: 180_000 },
    async () => {
      await roundTrip('postgres');
    },
  );

  it.skipIf(Boolean(TEST_PG_BASE))(
    'refuses a backup whose key it is not given',
    { timeout: 120_000 },
    async () => {
      const source = await tempDir();
      const env = { DATA_DIR: source, DATABASE_URL: '' };
      // A site stopped: the backup opens its database itself.
      const site = await startServer(env);
      site.proc.child.kill('SIGTERM');
      await site.proc.exited;
      const file = path.join(await tempDir(), 'no-key.tar.gz');
      const backup = await command('src/backup.ts', env, [file]);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('THIS BACKUP DOES NOT CONTAIN THE KEY');
      const target = { DATA_DIR: await tempDir(), DATABASE_URL: '' };
      const refused = await command('src/restore.ts', target, [file]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('does not carry its key');
      const forced = await command('src/restore.ts', target, [file, '--without-key']);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain('RESTORED WITHOUT THE KEY');
    },
  );
});

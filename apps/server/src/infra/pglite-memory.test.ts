import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db';
import { SHARED_BUFFERS } from './pglite-memory';

/** The embedded database's memory settings (issue #12), on a real data directory. */

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ezr-pglite-'));
  dirs.push(dir);
  return dir;
}

describe('the embedded database', () => {
  it('is created on first open (by a child process), reopened as it is, with the smaller buffer pool', async () => {
    const dir = path.join(await tempDir(), 'pg');
    const first = await openDatabase({ kind: 'pglite', dir });
    try {
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      const [setting] = await queryRows<{ shared_buffers: string }>(first.db, sql`show shared_buffers`);
      expect(setting?.shared_buffers).toBe(SHARED_BUFFERS);
      await first.db.execute(sql`create table kept (n integer)`);
      await first.db.execute(sql`insert into kept values (42)`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: 'pglite', dir });
    try {
      expect(await queryRows(again.db, sql`select n from kept`)).toEqual([{ n: 42 }]);
    } finally {
      await again.close();
    }
  });

  it('that cannot be created stops the start with one line naming the folder', async () => {
    const blocked = path.join(await tempDir(), 'a-file');
    await writeFile(blocked, 'not a folder');
    await expect(openDatabase({ kind: 'pglite', dir: path.join(blocked, 'pg') })).rejects.toThrow(
      /embedded database in .*a-file.* cannot be opened/,
    );
  });
});

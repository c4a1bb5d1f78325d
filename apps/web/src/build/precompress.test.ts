import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';

/** scripts/precompress.mjs, run by `npm run build` on dist: the files the server sends to br and gzip clients. */
describe('precompress', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ezr-dist-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const js = 'export const answer = 42; // the same line again and again\n'.repeat(100);

  it('writes .br and .gz beside each compressible file, and they decompress to the original', async () => {
    await mkdir(path.join(dir, 'assets'));
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>x</title>${'<p>Diamonds</p>'.repeat(100)}`,
      'assets/index-abc.js': js,
      'assets/index-abc.css': '.a { color: red; }\n'.repeat(100),
      'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
      'manifest.webmanifest': JSON.stringify({
        name: 'EzRecharge',
        icons: Array(100).fill({ src: '/a.png' }),
      }),
      'robots-long.txt': 'Disallow: /x\n'.repeat(100),
      'data.json': JSON.stringify(Array(200).fill({ a: 1 })),
    };
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);

    const rows = await precompress(dir);

    expect(rows.map((row) => row.file)).toEqual(Object.keys(files).sort());
    for (const [name, content] of Object.entries(files)) {
      const full = path.join(dir, name);
      const br = await readFile(`${full}.br`);
      const gz = await readFile(`${full}.gz`);
      expect(brotliDecompressSync(br).toString(), name).toBe(content);
      expect(gunzipSync(gz).toString(), name).toBe(content);
      expect(br.length, name).toBeLessThan(Buffer.byteLength(content));
      expect(rows.find((row) => row.file === name)).toEqual({
        file: name,
        bytes: Buffer.byteLength(content),
        br: br.length,
        gz: gz.length,
      });
    }
  });

  it('leaves alone small files, other types, dot folders and what does not shrink', async () => {
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(Array(100).fill({ a: 1 })));
    await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(path.join(dir, 'poster.png'), Buffer.alloc(4096, 1));
    await writeFile(path.join(dir, 'noise.js'), randomBytes(4096));
    // A sibling left from an earlier build must not outlive a file that no longer shrinks.
    await writeFile(path.join(dir, 'noise.js.br'), 'stale');

    const rows = await precompress(dir);

    expect(rows).toEqual([{ file: 'noise.js', bytes: expect.any(Number), br: null, gz: null }]);
    for (const name of ['.vite/manifest.json', 'robots.txt', 'poster.png', 'noise.js']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});

import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeSgdOrder } from './support/order-commit';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The built web app as the server sends it (infra/spa.ts), over a real socket: pre-compressed siblings chosen by
 * Accept-Encoding, caching by path, index.html for client routes and 404s for missing files. The web root is a
 * temporary folder laid out like apps/web/dist after `npm run build` (the siblings written as
 * apps/web/scripts/precompress.mjs writes them), so a test can change it while the server runs.
 */

interface TResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, not decoded. */
  body: Buffer;
}

function send(base: string, method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<TResponse>((resolve, reject) => {
    // A bare node:http request sends no Accept-Encoding of its own and decodes nothing.
    const req = httpRequest(new URL(url, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function varies(headers: IncomingHttpHeaders): string[] {
  return String(headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

/** Some kilobytes of text that compress well, distinct per `seed`. */
function text(seed: string, lines = 400): string {
  return Array.from(
    { length: lines },
    (_, i) => `/* ${seed} line ${i} */ export const v${i} = ${i * 7};`,
  ).join('\n');
}

async function writeWithSiblings(file: string, content: string): Promise<void> {
  const data = Buffer.from(content);
  await writeFile(file, data);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The type of the original file (mime names JavaScript application/javascript), never that of the .br or .gz. */
const JAVASCRIPT = /^(text|application)\/javascript; charset=utf-8$/;
const BROWSER = 'gzip, deflate, br, zstd';

describe('serving the built web app', () => {
  let t: TestApp;
  let root: string;
  let base: string;
  const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>EzRecharge</title>
<meta name="description" content="${'Diamond top-ups. '.repeat(40)}"></head>
<body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
  const script = text('entry');
  const style = `${'.card { color: #5b3cc4; padding: 8px; }\n'.repeat(200)}`;
  const prerendered = (heading: string) =>
    `<!doctype html><html><body><div id="root"><h1>${heading}</h1>${'<p>text</p>'.repeat(200)}</div></body></html>`;
  const consoleHtml = indexHtml.replace('index-abc123.js', 'console-abc123.js');
  const robots = 'User-agent: *\nAllow: /\nDisallow: /api/\n';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ezr-web-'));
    await mkdir(path.join(root, 'assets'));
    await mkdir(path.join(root, '.vite'));
    await writeWithSiblings(path.join(root, 'index.html'), indexHtml);
    await writeWithSiblings(path.join(root, 'assets', 'index-abc123.js'), script);
    await writeWithSiblings(path.join(root, 'assets', 'index-abc123.css'), style);
    // Small files are not compressed by the build: they are sent as they are to every client.
    await writeFile(path.join(root, 'robots.txt'), robots);
    await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(root, '.vite', 'manifest.json'), '{}');
    // The console's page and its routes, as the console build writes them (apps/web/vite.config.ts).
    await writeWithSiblings(path.join(root, 'console.html'), consoleHtml);
    await writeFile(path.join(root, '.vite', 'console-routes.json'), '["/user-edit", "/order"]');
    for (const [language, heading] of [
      ['en', 'About us'],
      ['zh', '关于我们'],
    ] as const) {
      await mkdir(path.join(root, 'prerendered', language), { recursive: true });
      await writeWithSiblings(
        path.join(root, 'prerendered', language, 'about-us.html'),
        prerendered(heading),
      );
      await writeWithSiblings(
        path.join(root, 'prerendered', language, 'index.html'),
        prerendered(`${heading} home`),
      );
      // The order result: the lookup form, and with an order number the order's card loading.
      await writeWithSiblings(
        path.join(root, 'prerendered', language, 'home-order.html'),
        prerendered(`${heading} lookup`),
      );
      await writeWithSiblings(
        path.join(root, 'prerendered', language, 'home-order--order_num.html'),
        prerendered(`${heading} order loading`),
      );
      // The variant without the cookie notice, for visitors who confirmed it.
      await mkdir(path.join(root, 'prerendered', `${language}-accepted`), { recursive: true });
      await writeWithSiblings(
        path.join(root, 'prerendered', `${language}-accepted`, 'about-us.html'),
        prerendered(`${heading} (notice confirmed)`),
      );
    }
    t = await startTestApp({}, { webRoot: root, listen: true });
    base = t.url ?? '';
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the brotli file to a client that accepts br, marked and sized as such', async () => {
    const res = await send(base, 'GET', '/assets/index-abc123.js', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(JAVASCRIPT);
    expect(varies(res.headers)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const onDisk = await readFile(path.join(root, 'assets', 'index-abc123.js.br'));
    expect(Number(res.headers['content-length'])).toBe(onDisk.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts gzip but not br', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await send(base, 'GET', '/assets/index-abc123.css', { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toBe('text/css; charset=utf-8');
      expect(varies(res.headers), accept).toContain('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe(IMMUTABLE);
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length);
      expect(gunzipSync(res.body).toString(), accept).toBe(style);
    }
  });

  it('sends the file as it is to a client that accepts no compression, still varying on Accept-Encoding', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ]) {
      const res = await send(base, 'GET', '/assets/index-abc123.js', headers);
      const what = JSON.stringify(headers);
      expect(res.status, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBeUndefined();
      expect(res.headers['content-type'], what).toMatch(JAVASCRIPT);
      expect(varies(res.headers), what).toContain('accept-encoding');
      expect(Number(res.headers['content-length']), what).toBe(Buffer.byteLength(script));
      expect(res.body.toString(), what).toBe(script);
    }
  });

  it('answers HEAD with the headers of the GET it stands for and no body', async () => {
    const br = await send(base, 'HEAD', '/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(JAVASCRIPT);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    const onDisk = await readFile(path.join(root, 'assets', 'index-abc123.js.br'));
    expect(Number(br.headers['content-length'])).toBe(onDisk.length);
    expect(br.body.length).toBe(0);

    const page = await send(base, 'HEAD', '/recharge', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.length).toBe(0);
  });

  it('sends index.html compressed, uncached, for every client route without a prerendered page', async () => {
    for (const url of ['/recharge', '/users-edit', '/a/b']) {
      const br = await send(base, 'GET', url, { 'accept-encoding': BROWSER });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(varies(br.headers), url).toContain('accept-encoding');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(Number(br.headers['content-length']), url).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).toString(), url).toBe(indexHtml);

      const plain = await send(base, 'GET', url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.toString(), url).toBe(indexHtml);
    }
  });

  it("sends the console's page, compressed and uncached, for a console route and only for one", async () => {
    for (const url of ['/user-edit?id=3', '/order', '/order/']) {
      const br = await send(base, 'GET', url, { 'accept-encoding': BROWSER, cookie: 'lang=zh' });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(br.body).toString(), url).toBe(consoleHtml);
    }
    for (const url of ['/orders', '/order-x', '/home-order']) {
      const res = await send(base, 'GET', url);
      expect(res.body.toString(), url).not.toBe(consoleHtml);
    }
  });

  it('picks up a rebuild while it runs: the new index.html and the new hashed files it names', async () => {
    const rebuilt = indexHtml.replace('index-abc123.js', 'index-def456.js');
    const newScript = text('rebuilt');
    await writeWithSiblings(path.join(root, 'index.html'), rebuilt);
    await writeWithSiblings(path.join(root, 'assets', 'index-def456.js'), newScript);
    try {
      const page = await send(base, 'GET', '/faq', { 'accept-encoding': 'gzip' });
      expect(gunzipSync(page.body).toString()).toBe(rebuilt);
      const asset = await send(base, 'GET', '/assets/index-def456.js', { 'accept-encoding': 'br' });
      expect(asset.status).toBe(200);
      expect(brotliDecompressSync(asset.body).toString()).toBe(newScript);
    } finally {
      await writeWithSiblings(path.join(root, 'index.html'), indexHtml);
    }
  });

  it('caches only hashed files for a year; other files are revalidated', async () => {
    const favicon = await send(base, 'GET', '/favicon.svg', { 'accept-encoding': BROWSER });
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers /robots.txt with the file as plain text, not the SPA', async () => {
    const res = await send(base, 'GET', '/robots.txt', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(robots);
  });

  it('answers 404, not index.html, for a missing file or a dot folder', async () => {
    for (const url of [
      '/foo.png',
      '/sitemap.xml',
      '/assets/index-gone99.js',
      '/deep/path/apple-touch-icon.png',
      '/.vite/manifest.json',
      '/.env',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await send(base, method, url, { 'accept-encoding': BROWSER });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).not.toMatch(/html/);
        expect(res.headers['cache-control'], `${method} ${url}`).not.toBe(IMMUTABLE);
        if (method === 'GET') expect(res.body.toString(), url).not.toContain('<div id="root">');
      }
    }
  });

  it('sends a prerendered page in the language of the lang cookie, with or without the cookie notice, varying on Cookie', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/about-us', {}, '<h1>About us</h1>'],
      ['/about-us', { cookie: 'lang=zh' }, '<h1>关于我们</h1>'],
      ['/about-us/', { cookie: 'theme=dark; lang=zh' }, '<h1>关于我们</h1>'],
      ['/about-us?x=1', { cookie: 'lang=fr' }, '<h1>About us</h1>'],
      ['/', { cookie: 'lang=zh' }, '<h1>关于我们 home</h1>'],
      // The notice's cookie picks the page drawn without it; any other value of it does not.
      ['/about-us', { cookie: 'cookieAccepted=30' }, '<h1>About us (notice confirmed)</h1>'],
      ['/about-us', { cookie: 'lang=zh; cookieAccepted=30' }, '<h1>关于我们 (notice confirmed)</h1>'],
      ['/about-us', { cookie: 'cookieAccepted=1; lang=zh' }, '<h1>关于我们</h1>'],
      // An address with the parameter a page is also drawn for gets that drawing; an empty one does not.
      ['/home-order?order_num=EZ123&success=true', { cookie: 'lang=zh' }, '<h1>关于我们 order loading</h1>'],
      ['/home-order?order_num=%20', {}, '<h1>About us lookup</h1>'],
      ['/home-order', {}, '<h1>About us lookup</h1>'],
    ];
    for (const [url, headers, heading] of cases) {
      const res = await send(base, 'GET', url, { ...headers, 'accept-encoding': BROWSER });
      const what = `${url} ${JSON.stringify(headers)}`;
      expect(res.status, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBe('br');
      expect(res.headers['cache-control'], what).toBe('no-cache');
      expect(varies(res.headers), what).toEqual(expect.arrayContaining(['accept-encoding', 'cookie']));
      expect(brotliDecompressSync(res.body).toString(), what).toContain(heading);
    }
  });

  it('sends index.html for a route without a prerendered page, and never a file outside the folder', async () => {
    for (const url of ['/faq', '/recharge', '/prerendered', '/..%2F..%2Fetc%2Fpasswd', '/About-Us']) {
      const res = await send(base, 'GET', url, { cookie: 'lang=zh' });
      expect(res.status, url).toBe(200);
      expect(res.body.toString(), url).toBe(indexHtml);
    }
  });

  it('points /favicon.ico, which browsers ask for on pages naming no icon, at the SVG icon', async () => {
    const res = await send(base, 'GET', '/favicon.ico');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
  });

  it("draws an order's result page with the order through the build's prerender bundle, else sends it loading", async () => {
    const orderNum = await placeSgdOrder(t.app);
    const url = `/home-order?order_num=${orderNum}&success=true`;
    const page = async (headers: Record<string, string>, path = url) => {
      const res = await send(base, 'GET', path, headers);
      const body =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.body)
          : res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(res.body)
            : res.body;
      return { res, html: body.toString() };
    };

    // No bundle in the build (a development checkout): the page of the order's card loading.
    expect((await page({ 'accept-encoding': BROWSER })).html).toContain('<h1>About us order loading</h1>');

    // A bundle that shows what the server handed it (apps/web/src/app/prerender.tsx draws the page for real; the
    // browser journeys check that).
    const ssr = path.join(root, '.ssr');
    await mkdir(ssr);
    // An ES module, as apps/web's package.json makes the real one.
    await writeFile(path.join(ssr, 'package.json'), '{ "type": "module" }');
    await writeFile(
      path.join(ssr, 'prerender.js'),
      `export async function orderResultDocument(r) {
        if (r.order.order_num !== ${JSON.stringify(orderNum)}) throw new Error('not the order asked for');
        const seen = [r.order.order_num, r.order.pay_payment_num, r.language, r.cookieAccepted, r.search].join(' ');
        const t = r.template;
        return t.slice(0, t.indexOf('<h1>')) + '<h1>drawn ' + seen + t.slice(t.indexOf('</h1>'));
      }`,
    );
    await writeFile(
      path.join(root, 'prerendered', 'zh-accepted', 'home-order--order_num.html'),
      prerendered('关于我们 order loading (notice confirmed)'),
    );
    const drawn = await page({ 'accept-encoding': BROWSER, cookie: 'lang=zh; cookieAccepted=30' });
    expect(drawn.res.status).toBe(200);
    expect(drawn.res.headers['content-encoding']).toBe('br');
    expect(drawn.res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(drawn.res.headers['cache-control']).toBe('no-store');
    expect(varies(drawn.res.headers)).toEqual(expect.arrayContaining(['accept-encoding', 'cookie']));
    // The order as a visitor who is not signed in reads it: its e-mail masked.
    expect(drawn.html).toMatch(
      new RegExp(`<h1>drawn ${orderNum} \\S*\\*\\S* zh true \\?order_num=${orderNum}&success=true</h1>`),
    );
    expect(drawn.html).not.toContain('buyer@example.com');
    const gzipped = await page({ 'accept-encoding': 'gzip' });
    expect(gzipped.res.headers['content-encoding']).toBe('gzip');
    expect(gzipped.html).toContain(`<h1>drawn ${orderNum} `);
    const plain = await page({});
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.html).toContain(' en false ');

    // An unknown or malformed number: the page loading (the app then says the order is not found).
    for (const other of ['EZ0123456789ABCDEFGHJKMN', 'not-an-order']) {
      const res = await page({}, `/home-order?order_num=${other}`);
      expect(res.html, other).toContain('<h1>About us order loading</h1>');
      expect(res.res.headers['cache-control'], other).toBe('no-cache');
    }

    // A rebuild while the server runs: its markup may not match the new scripts, so no drawing until a restart.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(ssr, 'prerender.js'), later, later);
    expect((await page({})).html).toContain('<h1>About us order loading</h1>');
  });
});

import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@ezrecharge/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType } from '../src/modules/attachments/image-type';
import { bearer, createUser } from './support/auth';
import { CONTENT_TYPES, EXE, IMAGES, POLYGLOTS } from './support/images';
import { type FilePart, multipart } from './support/multipart';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/** Width and height as a decoder reads them. */
async function dimensions(bytes: Buffer): Promise<{ width?: number; height?: number }> {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}

const NOT_IMAGE = 'Only PNG, JPEG, GIF or WebP images can be uploaded';
const URL_PATTERN =
  /^\/api\/v1\/attachment\/download\?file_path=(avatar|product)\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Image uploads and downloads (SPEC.md §7, DESIGN.md §9) on the real app, with files on disk. */
describe('attachments', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;
  let secret: string;

  async function upload(parts: FilePart[], type = 'avatar', auth: string | null = plain) {
    const { payload, headers } = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/attachment/uploadfile/?attachment_type=${type}`,
      headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
      payload,
    });
  }
  const image = (kind: keyof typeof IMAGES, filename = `picture.${kind}`): FilePart => ({
    bytes: IMAGES[kind],
    type: CONTENT_TYPES[kind],
    filename,
  });
  const download = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/attachment/download?file_path=${query}` });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, { username: 'uploader', password: 'upload-pass', email: 'up@example.com' });
    plain = await bearer(t.app, 'uploader', 'upload-pass');
    secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('upload', () => {
    it.each(['png', 'jpg', 'gif', 'webp'] as const)(
      'accepts a %s avatar, stores it under a random name and serves it back with safe headers',
      async (kind) => {
        const res = await upload([image(kind, 'My Holiday Photo.png')]);
        expect(res.statusCode).toBe(200);
        const { url } = res.json().data as { url: string };
        expect(url).toMatch(URL_PATTERN);
        expect(url.endsWith(`.${kind}`)).toBe(true);
        expect(url).not.toMatch(/holiday|photo/i);

        const relative = url.split('file_path=')[1] ?? '';
        // Stored and served is the image encoded anew by the server (never the uploaded bytes), in its format.
        const onDisk = await readFile(path.join(t.dataDir, 'uploads', relative));
        expect(detectImageType(onDisk)?.ext).toBe(kind);
        expect(await dimensions(onDisk)).toEqual({ width: 1, height: 1 });

        const got = await t.app.inject({ method: 'GET', url });
        expect(got.statusCode).toBe(200);
        expect(got.rawPayload.equals(onDisk)).toBe(true);
        expect(got.headers['content-type']).toBe(CONTENT_TYPES[kind]);
        expect(got.headers['x-content-type-options']).toBe('nosniff');
        expect(got.headers['content-disposition']).toBe('inline');
        expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(got.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
      },
    );

    it('names the type by the bytes, not by the file name or declared type', async () => {
      const res = await upload([{ bytes: IMAGES.gif, type: 'image/png', filename: 'avatar.png' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.url).toMatch(/\.gif$/);
    });

    it('refuses a renamed executable, text, SVG, HTML and an empty file', async () => {
      const fakes: FilePart[] = [
        { bytes: EXE, type: 'image/png', filename: 'photo.png' },
        { bytes: Buffer.from('just some words\n'), type: 'text/plain', filename: 'notes.txt' },
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          type: 'image/svg+xml',
          filename: 'logo.svg',
        },
        {
          bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
          type: 'image/jpeg',
          filename: 'x.jpg',
        },
        { bytes: Buffer.alloc(0), type: 'image/png', filename: 'empty.png' },
      ];
      for (const fake of fakes) {
        const res = await upload([fake]);
        expect(res.statusCode, fake.filename).toBe(400);
        expect(res.json()).toMatchObject({ message: NOT_IMAGE, code: 'bad_request' });
      }
    });

    it('stores nothing it refused', async () => {
      const before = await readdir(path.join(t.dataDir, 'uploads', 'avatar'));
      await upload([{ bytes: EXE, type: 'image/png', filename: 'photo.png' }]);
      expect(await readdir(path.join(t.dataDir, 'uploads', 'avatar'))).toEqual(before);
    });

    it('accepts exactly 2 MB and answers 413 past it', async () => {
      const exact = Buffer.alloc(MAX_UPLOAD_BYTES);
      IMAGES.png.copy(exact);
      const ok = await upload([{ bytes: exact, type: 'image/png', filename: 'big.png' }], 'product', admin);
      expect(ok.statusCode).toBe(200);

      const tooBig = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      IMAGES.png.copy(tooBig);
      const before = await readdir(path.join(t.dataDir, 'uploads', 'product'));
      const res = await upload(
        [{ bytes: tooBig, type: 'image/png', filename: 'huge.png' }],
        'product',
        admin,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large' });
      expect(await readdir(path.join(t.dataDir, 'uploads', 'product'))).toEqual(before);
    });

    it('refuses two files or a pile of form fields in one upload with 413, and stores nothing', async () => {
      const before = await readdir(path.join(t.dataDir, 'uploads', 'avatar'));
      const two = await upload([image('png'), image('gif')]);
      expect(two.statusCode).toBe(413);
      expect(two.json()).toMatchObject({ code: 'payload_too_large' });

      const fields = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, 'x']));
      const { payload, headers } = await multipart([image('png')], fields);
      const many = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attachment/uploadfile/?attachment_type=avatar',
        headers: { ...headers, authorization: plain },
        payload,
      });
      expect(many.statusCode).toBe(413);
      expect(many.json()).toMatchObject({ code: 'payload_too_large', message: 'Too many form fields' });
      expect(await readdir(path.join(t.dataDir, 'uploads', 'avatar'))).toEqual(before);
    });

    it('lets only superusers upload product images', async () => {
      const refused = await upload([image('png')], 'product', plain);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });

      const res = await upload([image('webp')], 'product', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.url).toMatch(/file_path=product\/[0-9a-f]{32}\.webp$/);
    });

    it('needs a session', async () => {
      const res = await upload([image('png')], 'avatar', null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    });

    it('refuses a missing or unknown attachment_type, a missing file and a non-multipart body', async () => {
      for (const type of ['', 'exe', 'AVATAR']) {
        const res = await upload([image('png')], type);
        expect(res.statusCode, type).toBe(400);
      }
      const noType = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attachment/uploadfile/',
        headers: { authorization: plain, ...(await multipart([image('png')])).headers },
        payload: (await multipart([image('png')])).payload,
      });
      expect(noType.statusCode).toBe(400);

      const wrongField = await upload([{ ...image('png'), field: 'picture' }]);
      expect(wrongField.statusCode).toBe(400);

      const onlyFields = await multipart([], { note: 'hello' });
      const noFile = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attachment/uploadfile/?attachment_type=avatar',
        headers: { ...onlyFields.headers, authorization: plain },
        payload: onlyFields.payload,
      });
      expect(noFile.statusCode).toBe(400);

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attachment/uploadfile/?attachment_type=avatar',
        headers: { authorization: plain },
        payload: { file: 'iVBORw0KGgo=' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('limits uploads per user (30 per 10 minutes) with 429 and Retry-After', async () => {
      await createUser(t.app, {
        username: 'busy_uploader',
        password: 'busy-pass',
        email: 'busy@example.com',
      });
      const busy = await bearer(t.app, 'busy_uploader', 'busy-pass');
      for (let i = 0; i < 30; i++) {
        const res = await upload([image('gif')], 'avatar', busy);
        expect(res.statusCode, `upload ${i + 1}`).toBe(200);
      }
      const refused = await upload([image('gif')], 'avatar', busy);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await upload([image('gif')])).statusCode).toBe(200);
    });
  });

  describe('download', () => {
    it.each(['png', 'jpg', 'gif'] as const)(
      'stores a %s polyglot without its markup: comments, text chunks and bytes after the image are gone',
      async (kind) => {
        expect(POLYGLOTS[kind].includes('<script>')).toBe(true);
        expect(await dimensions(POLYGLOTS[kind])).toEqual({ width: 1, height: 1 });
        const res = await upload([{ ...image(kind), bytes: POLYGLOTS[kind] }]);
        expect(res.statusCode, res.body).toBe(200);
        const relative = (res.json().data as { url: string }).url.split('file_path=')[1] ?? '';
        const onDisk = await readFile(path.join(t.dataDir, 'uploads', relative));
        expect(detectImageType(onDisk)?.ext).toBe(kind);
        expect(onDisk.includes('<script>')).toBe(false);
        expect(onDisk.includes('alert')).toBe(false);
      },
    );

    it('refuses bytes that start like an image but do not decode as one', async () => {
      const res = await upload([
        { ...image('png'), bytes: Buffer.concat([IMAGES.png.subarray(0, 16), Buffer.from('<html>')]) },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: NOT_IMAGE });
    });

    it('is public', async () => {
      const { url } = (await upload([image('jpg')])).json().data as { url: string };
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
    });

    it('answers 404 for a well-formed name that does not exist', async () => {
      const res = await download(`avatar/${'0'.repeat(32)}.png`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    });

    it('refuses every path outside the uploads folder with 400 and never serves the file', async () => {
      const hex = 'c'.repeat(32);
      const attempts = [
        '../app-secret',
        '/etc/passwd',
        '%2Fetc%2Fpasswd',
        '%2e%2e%2fapp-secret',
        '%2E%2E/app-secret',
        '%252e%252e%252fapp-secret',
        'avatar/../../app-secret',
        'avatar%2f..%2f..%2fapp-secret',
        'avatar/..%2f..%2fapp-secret',
        '..\\app-secret',
        'avatar\\..\\..\\app-secret',
        'avatar%5c..%5c..%5capp-secret',
        `avatar/${hex}.png%00.txt`,
        `avatar/${hex}.png%00`,
        `avatar/./${hex}.png`,
        `avatar//${hex}.png`,
        `./avatar/${hex}.png`,
        `AVATAR/${hex}.png`,
        `avatar/${hex.toUpperCase()}.png`,
        `avatar/${hex}.svg`,
        `avatar/${hex}.png/`,
        `other/${hex}.png`,
        '',
        'app-secret',
      ];
      for (const attempt of attempts) {
        const res = await download(attempt);
        expect(res.statusCode, attempt).toBe(400);
        // A U+0000 is refused before the route by the input-hygiene check, with its own message.
        expect(res.json(), attempt).toMatchObject({
          message: attempt.includes('%00') ? 'Contains characters that are not allowed' : 'Invalid file path',
        });
        expect(res.body, attempt).not.toContain(secret);
      }
      // No file_path, or two of them: refused by the query schema, with the same text under the field.
      for (const url of [
        '/api/v1/attachment/download',
        `/api/v1/attachment/download?file_path=avatar/${hex}.png&file_path=../app-secret`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toEqual({ file_path: 'Invalid file path' });
        expect(res.body, url).not.toContain(secret);
      }
    });

    it('refuses a link inside the uploads folder that points outside it', async () => {
      const name = `${'d'.repeat(32)}.png`;
      await mkdir(path.join(t.dataDir, 'uploads', 'avatar'), { recursive: true });
      await symlink(path.join(t.dataDir, 'app-secret'), path.join(t.dataDir, 'uploads', 'avatar', name));
      const res = await download(`avatar/${name}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain(secret);
    });

    it('serves a planted non-image with the type of its extension and nosniff, so it cannot run', async () => {
      const name = `${'e'.repeat(32)}.png`;
      await writeFile(path.join(t.dataDir, 'uploads', 'avatar', name), '<script>alert(1)</script>');
      const res = await download(`avatar/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    });
  });

  it('publishes both endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/v1/attachment/uploadfile/']).toHaveProperty('post');
    expect(doc.paths['/api/v1/attachment/download']).toHaveProperty('get');
  });
});

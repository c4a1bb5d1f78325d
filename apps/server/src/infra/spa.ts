import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './http';

/**
 * Serves the built web app from one port with the API. Hashed assets are cached for a year; index.html is never
 * cached, so a deploy reaches browsers at once. Unknown /api paths are JSON 404s; any other unknown GET gets the
 * SPA's HTML so client-side routes survive a reload.
 */
const API_PREFIXES = ['/api/', '/sandbox/'];

export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build`; serving the API only');
  }

  const sendIndex = async (reply: import('fastify').FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, then restart the server.');
    }
    // Read per request: a rebuild while the server runs is picked up, and the file is small.
    const html = await readFile(indexFile);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 'not_found', 'Not Found', `${request.method} ${url} does not exist`);
    }
    return sendIndex(reply);
  });
}

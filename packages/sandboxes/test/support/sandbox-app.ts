import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sandboxes } from '../../src/index';
import type { SandboxOptions } from '../../src/sandbox-options';
import { type MemoryStore, memoryStore } from './memory-store';

/**
 * The sandboxes served on a real port under /sandbox, as a host serves them, plus a stand-in for the shop's own
 * endpoints (/shop/…) that records what the far ends post to it. Everything goes over real HTTP.
 */

export const OPERATOR_TOKEN = 'operator-token';

export interface ShopPost {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received. */
  raw: string;
}

export interface SandboxApp {
  app: FastifyInstance;
  url: string;
  store: MemoryStore;
  options: SandboxOptions;
  /** What the far ends posted to the shop's endpoints, in order. */
  shopPosts: ShopPost[];
  bigoPrivateKey: string;
  close(): Promise<void>;
}

/** A TCP port free right now on 127.0.0.1 (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startSandboxApp(setup: { fiuuExtendedVcode?: boolean } = {}): Promise<SandboxApp> {
  const app = Fastify({ logger: false });
  const store = memoryStore();
  const shopPosts: ShopPost[] = [];
  const bigoKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

  // The shop's side: keeps every post as sent, and answers as the shop would.
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    shop.post('/shop/*', async (request: FastifyRequest) => {
      shopPosts.push({ path: request.url, headers: request.headers, raw: String(request.body) });
      return 'OK';
    });
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const options: SandboxOptions = {
    store,
    publicUrl: `${url}/sandbox`,
    requireOperator: async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${OPERATOR_TOKEN}`) {
        return reply.code(401).send({ message: 'operators only' });
      }
    },
    fiuu: {
      merchantId: 'ezrecharge_sandbox',
      verifyKey: '0123456789abcdef0123456789abcdef',
      secretKey: 'fedcba9876543210fedcba9876543210',
      notifyUrl: `${url}/shop/fiuu/notify`,
      callbackUrl: `${url}/shop/fiuu/callback`,
      extendedVcode: setup.fiuuExtendedVcode ?? false,
    },
    stripe: {
      secretKey: 'sk_test_sandboxtests0123456789',
      webhookSecret: 'whsec_sandboxtests0123456789',
      webhookUrl: `${url}/shop/stripe/webhook`,
    },
    bigo: {
      clientId: 'sandbox-tests',
      publicKey: bigoKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      signAlg: 'ES256',
    },
  };
  await app.register(sandboxes, { ...options, prefix: '/sandbox' });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    url,
    store,
    options,
    shopPosts,
    bigoPrivateKey: bigoKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    close: () => app.close(),
  };
}

/** The fields of a form post the shop received. */
export const formOf = (post: ShopPost): Record<string, string> =>
  Object.fromEntries(Object.entries(parseQueryString(post.raw)).map(([k, v]) => [k, String(v)]));

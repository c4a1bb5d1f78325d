/**
 * BIGO's side of the order-commit benchmark, in a process of its own as the real API is: the BIGO simulator of
 * packages/sandboxes (the one the server serves when it has no BIGO keys), registered with the public key and the
 * algorithm of the key pair the measured server signs with, and an in-memory store (the far end's state is not what
 * is measured). The server's built-in simulator cannot play this part: it only knows the ES256 key it derives from
 * APP_SECRET, and the server's configured default is RS256.
 *
 * Child mode: `tsx bigo-far-end.ts --serve` with BIGO_FAR_END_{PORT,ALG,PUBLIC_KEY,CLIENT_ID}; prints "listening".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { sandboxes } from '@ezrecharge/sandboxes';
import Fastify from 'fastify';
import { memoryStore } from '../../packages/sandboxes/test/support/memory-store';
import { freePort } from './server';

export type BigoSignAlg = 'RS256' | 'ES256';

export interface BigoFarEnd {
  /** BIGO_API_BASE for the measured server. */
  apiBase: string;
  clientId: string;
  alg: BigoSignAlg;
  /** PKCS#8 PEM: BIGO_PRIVATE_KEY for the measured server. */
  privateKey: string;
  pid: number;
  stop(): Promise<void>;
}

const CLIENT_ID = 'ezrecharge-bench';

/** A fresh key pair of the kind BIGO takes for `alg`: RSA 2048 for RS256 (BIGO's demo key size), P-256 for ES256. */
function keyPair(alg: BigoSignAlg): { privateKey: string; publicKey: string } {
  const pair =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export async function startBigoFarEnd(alg: BigoSignAlg): Promise<BigoFarEnd> {
  const keys = keyPair(alg);
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', import.meta.filename, '--serve'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BIGO_FAR_END_PORT: String(port),
        BIGO_FAR_END_ALG: alg,
        BIGO_FAR_END_PUBLIC_KEY: keys.publicKey,
        BIGO_FAR_END_CLIENT_ID: CLIENT_ID,
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`BIGO far end exited with ${code}`)));
  });
  return {
    apiBase: `http://127.0.0.1:${port}/sandbox/bigo`,
    clientId: CLIENT_ID,
    alg,
    privateKey: keys.privateKey,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(): Promise<void> {
  const env = process.env;
  const alg = env.BIGO_FAR_END_ALG === 'ES256' ? 'ES256' : 'RS256';
  const app = Fastify({ logger: false });
  await app.register(sandboxes, {
    prefix: '/sandbox',
    store: memoryStore(),
    publicUrl: `http://127.0.0.1:${env.BIGO_FAR_END_PORT}/sandbox`,
    requireOperator: async (_request, reply) => {
      await reply.code(403).send({ message: 'no operators here' });
    },
    bigo: {
      clientId: env.BIGO_FAR_END_CLIENT_ID ?? '',
      publicKey: env.BIGO_FAR_END_PUBLIC_KEY ?? '',
      signAlg: alg,
    },
  });
  await app.listen({ host: '127.0.0.1', port: Number(env.BIGO_FAR_END_PORT) });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.stdout.write('listening\n');
}

if (process.argv[2] === '--serve') await serve();

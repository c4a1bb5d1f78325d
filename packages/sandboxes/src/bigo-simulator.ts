import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESCODE, RESCODE_MESSAGES, SUPPORTED_CURRENCIES } from './bigo-rescodes';
import { BIGO_HEADERS, readPublicKey, signedText, verifyBigoSignature } from './bigo-signature';
import {
  BigoSimulatorStore,
  defaultBigoControls,
  type TBigoControls,
  type TBigoFailNext,
  ZBigoControls,
} from './bigo-simulator-store';
import type { BigoSimulatorOptions, OperatorGuard } from './sandbox-options';
import type { SandboxStore } from './sandbox-store';

/**
 * The built-in BIGO reseller API, written from BIGO's `reseller_api.md` (§1 "Reseller Diamond Recharge", §2
 * "Recharge Precheck"; root commit e915fac of github.com/yothen/Bigo-Open-Api) and its open-platform access guide
 * §3 (signatures: bigo-signature.ts):
 *
 *   POST {prefix}/bigo/sign/agent/recharge_pre_check   {recharge_bigoid, reseller_bigoid?, seqid}
 *                                                      → {seqid, rescode, message, recharge_balance}
 *   POST {prefix}/bigo/sign/agent/rs_recharge          {recharge_bigoid, reseller_bigoid?, seqid, bu_orderid, value,
 *                                                      total_cost, currency} → {seqid, rescode, message}
 *   GET  {prefix}/bigo/ledger?bu_orderid=              what was credited for an order (no sign-in: sandbox only)
 *   GET | PUT | DELETE {prefix}/bigo/controls          operators steer it (rejected IDs, balance, failures)
 *
 * It checks what BIGO checks — the client id, the signature over body + request path + timestamp with the
 * registered public key — and the parameters as §1.2 describes them (seqid 13-32 of [0-9a-z], bu_orderid at most
 * 40 of [0-9A-Za-z_], total_cost at most two decimals and 99999999999.00, a supported currency), and credits a
 * bu_orderid once (7212010 afterwards). The guide sets no limit on the timestamp's age; the simulator refuses one
 * more than 5 minutes from its clock, so that a replayed call is refused as a real API would be expected to.
 */

export const PRECHECK_PATH = '/sign/agent/recharge_pre_check';
export const RECHARGE_PATH = '/sign/agent/rs_recharge';
const TIMESTAMP_TOLERANCE_S = 300;
const MAX_TOTAL_COST = 99_999_999_999;

/** Any BIGO ID starting with this (any case) does not exist: lets web tests and journeys hit the rejection path. */
export const SIMULATOR_REJECT_PREFIX = 'reject';

const ZPrecheckBody = z.object({
  recharge_bigoid: z.string().min(1).max(64),
  reseller_bigoid: z.string().min(1).max(64).optional(),
  seqid: z.string().regex(/^[0-9a-z]{13,32}$/, 'must be 13-32 characters of 0-9 and a-z'),
});

const ZRechargeBody = ZPrecheckBody.extend({
  bu_orderid: z
    .string()
    .regex(/^[0-9A-Za-z_]{1,40}$/, 'must be at most 40 characters of 0-9, A-Z, a-z and _'),
  value: z.int().positive(),
  total_cost: z
    .number()
    .min(0)
    .max(MAX_TOTAL_COST)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most two decimals'),
  currency: z.string().min(1).max(8),
});

type Endpoint = 'precheck' | 'recharge';

const seqidOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && typeof (body as { seqid?: unknown }).seqid === 'string'
    ? (body as { seqid: string }).seqid.slice(0, 64)
    : '';

function send(reply: FastifyReply, seqid: string, rescode: number, extra: Record<string, unknown> = {}) {
  return reply
    .code(200)
    .type('application/json')
    .send({ seqid, rescode, message: RESCODE_MESSAGES[rescode] ?? 'simulated failure', ...extra });
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'invalid request';
}

const rejected = (controls: TBigoControls, bigoId: string) =>
  bigoId.toLowerCase().startsWith(SIMULATOR_REJECT_PREFIX) || controls.reject_ids.includes(bigoId);

export async function registerBigoSimulator(
  app: FastifyInstance,
  options: { bigo: BigoSimulatorOptions; store: SandboxStore; requireOperator: OperatorGuard },
): Promise<void> {
  const { bigo, requireOperator } = options;
  const publicKey = readPublicKey(bigo.signAlg, bigo.publicKey);
  const store = new BigoSimulatorStore(options.store);

  /** Why a request is not BIGO-authentic, or null when it is. `raw` is the body exactly as received. */
  function authError(request: FastifyRequest, raw: string): string | null {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const clientId = header(BIGO_HEADERS.clientId);
    const timestamp = header(BIGO_HEADERS.timestamp);
    const signature = header(BIGO_HEADERS.signature);
    if (!clientId || !timestamp || !signature)
      return 'missing bigo-client-id, bigo-timestamp or bigo-oauth-signature';
    if (clientId !== bigo.clientId) return 'unknown bigo-client-id';
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    if (!(Math.abs(Date.now() / 1000 - seconds) <= TIMESTAMP_TOLERANCE_S)) {
      return 'bigo-timestamp is not within 5 minutes of the server clock';
    }
    // BIGO checks the path it receives, so the simulator checks the full path, its prefix included.
    const path = request.url.split('?')[0] ?? request.url;
    if (!verifyBigoSignature(bigo.signAlg, publicKey, signedText(raw, path, timestamp), signature)) {
      return 'signature verification failed';
    }
    return null;
  }

  /**
   * Plays a queued failure: a late answer, an HTTP error or a rescode. True when it answered; false when the call
   * goes on as usual (a hang alone). A boolean, because a sent FastifyReply is thenable and awaiting it loses it.
   */
  async function playFailure(reply: FastifyReply, seqid: string, failure: TBigoFailNext): Promise<boolean> {
    if (failure.hang_ms) await sleep(failure.hang_ms);
    if (failure.http_status !== undefined) {
      reply
        .code(failure.http_status)
        .type('application/json')
        .send({ seqid, rescode: RESCODE.otherError, message: `simulated HTTP ${failure.http_status}` });
      return true;
    }
    if (failure.rescode !== undefined) {
      send(reply, seqid, failure.rescode);
      return true;
    }
    return false;
  }

  async function handle(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply) {
    const raw = typeof request.body === 'string' ? request.body : '';
    const auth = authError(request, raw);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const seqid = seqidOf(body);
    if (auth) {
      // 401 rather than a 200 with 400001: BIGO's gateway answers HTTP codes of its own (access guide §2.1.5), and a
      // key mix-up must read as our access being refused, never as the buyer's BIGO ID being wrong.
      request.log.warn({ endpoint, reason: auth }, 'bigo simulator: unauthenticated call');
      return reply
        .code(401)
        .type('application/json')
        .send({ seqid, rescode: RESCODE.badParameter, message: auth });
    }
    if (body === undefined) return send(reply, seqid, RESCODE.badParameter, { message: 'body is not JSON' });
    const parsed = (endpoint === 'precheck' ? ZPrecheckBody : ZRechargeBody).safeParse(body);
    if (!parsed.success) {
      return send(reply, seqid, RESCODE.badParameter, { message: firstIssue(parsed.error) });
    }
    const failure = await store.takeFailure(endpoint, parsed.data.recharge_bigoid);
    if (failure && (await playFailure(reply, seqid, failure))) return reply;
    const controls = await store.controls();
    const bigoId = parsed.data.recharge_bigoid;
    if (rejected(controls, bigoId)) return send(reply, seqid, RESCODE.idNotFound);
    if (endpoint === 'precheck')
      return send(reply, seqid, RESCODE.ok, { recharge_balance: controls.balance });

    const recharge = ZRechargeBody.parse(body);
    if (!SUPPORTED_CURRENCIES.has(recharge.currency)) return send(reply, seqid, RESCODE.currencyNotSupported);
    const rescode = await store.deliver(recharge.bu_orderid, {
      recharge_bigoid: recharge.recharge_bigoid,
      value: recharge.value,
      total_cost: recharge.total_cost,
      currency: recharge.currency,
      seqid: recharge.seqid,
      delivered_at: new Date().toISOString(),
    });
    request.log.info({ bu_orderid: recharge.bu_orderid, rescode }, 'bigo simulator: recharge');
    return send(reply, seqid, rescode);
  }

  await app.register(async (signed) => {
    // The signature covers the body as sent, so these two routes need it unparsed (only in this scope).
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    signed.post(`/bigo${PRECHECK_PATH}`, (request, reply) => handle('precheck', request, reply));
    signed.post(`/bigo${RECHARGE_PATH}`, (request, reply) => handle('recharge', request, reply));
    // Access guide §4.0 "Demo Test API": a correctly signed call gets its body back, so a merchant can check the
    // signature before anything else.
    signed.post('/bigo/oauth2/test_sign', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const auth = authError(request, raw);
      if (auth) {
        return reply
          .code(401)
          .type('application/json')
          .send({ rescode: RESCODE.badParameter, message: auth });
      }
      return reply.code(200).type('application/json').send(raw);
    });
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];
  const security = [{ bearer: [] }];

  routes.get(
    '/bigo/ledger',
    {
      schema: {
        tags,
        summary: 'BIGO simulator: the diamonds credited for one order (bu_orderid = order number)',
        querystring: z.object({ bu_orderid: z.string().min(1).max(40) }),
        response: {
          200: z.object({
            bu_orderid: z.string(),
            deliveries: z.int(),
            entries: z.array(
              z.object({
                recharge_bigoid: z.string(),
                value: z.number(),
                total_cost: z.number(),
                currency: z.string(),
                seqid: z.string(),
                delivered_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const entries = await store.deliveries(request.query.bu_orderid);
      return { bu_orderid: request.query.bu_orderid, deliveries: entries.length, entries };
    },
  );

  routes.get(
    '/bigo/controls',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: current controls (rejected IDs, reseller balance, queued failures)',
        response: { 200: ZBigoControls },
      },
    },
    async () => store.controls(),
  );

  routes.put(
    '/bigo/controls',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: replace the controls (missing fields take their defaults)',
        body: ZBigoControls,
        response: { 200: ZBigoControls },
      },
    },
    async (request) => store.replaceControls(request.body),
  );

  routes.delete(
    '/bigo/controls',
    {
      preHandler: requireOperator,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: reset the controls to their defaults',
        response: { 200: ZBigoControls },
      },
    },
    async () => store.replaceControls(defaultBigoControls()),
  );
}

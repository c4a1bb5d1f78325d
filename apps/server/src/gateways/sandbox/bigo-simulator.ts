import { setTimeout as sleep } from 'node:timers/promises';
import { ZErrorBody } from '@ezrecharge/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../infra/deps';
import { BIGO_PRECHECK_PATH, BIGO_RECHARGE_PATH } from '../bigo/bigo-client';
import {
  BIGO_BAD_PARAMETER,
  BIGO_BALANCE_TOO_LOW,
  BIGO_ID_NOT_FOUND,
  BIGO_OK,
  BIGO_ORDER_DUPLICATED,
  BIGO_OTHER_ERROR,
  BIGO_TOO_FREQUENT,
} from '../bigo/bigo-rescodes';
import {
  BIGO_HEADERS,
  BIGO_TIMESTAMP_TOLERANCE_S,
  loadPublicKey,
  SEQID_RE,
  signingInput,
  verifyBigo,
} from '../bigo/bigo-signature';
import {
  BigoSimulatorStore,
  defaultBigoControls,
  type TBigoControls,
  type TBigoFailNext,
  ZBigoControls,
} from './bigo-simulator-store';

/**
 * The built-in BIGO reseller API (DESIGN.md §8), served when no BIGO keys are configured, at
 * /sandbox/bigo/sign/agent/recharge_pre_check and /sandbox/bigo/sign/agent/rs_recharge. It checks what BIGO
 * checks — client id, timestamp within 5 minutes, the signature over body + request path + timestamp with the
 * public key matching the sandbox private key — and keeps a delivery ledger in the database so a bu_orderid is
 * credited once. Tests and operators steer it through /sandbox/bigo/controls (superuser) and read the ledger at
 * /sandbox/bigo/ledger. See gateways/bigo/README.md for the conventions.
 */

/** The currencies BIGO's reseller API accepts (its published list); anything else answers 7212009. */
const BIGO_CURRENCIES = new Set(
  (
    'USD CNY TWD MYR THB TRY PHP AUD IDR KRW INR HKD SGD MMK JPY EUR NGN DKK UAH ILS IQD RUB BGN HRK CHF CAD GHS ' +
    'HUF ZAR QAR KZT COP CRC TZS EGP RSD MXN BDT PKR PYG BRL NOK CZK MAD LKR NZD CLP GEL SAR PLN MOP BOB SEK GBP ' +
    'PEN JOD RON KES VND DZD AED LBP'
  ).split(' '),
);
const CURRENCY_NOT_SUPPORTED = 7212009;
const MAX_TOTAL_COST = 99_999_999_999;

/** Any BIGO ID starting with this (any case) does not exist: lets web tests and journeys hit the rejection path. */
export const SIMULATOR_REJECT_PREFIX = 'reject';

const MESSAGES: Record<number, string> = {
  [BIGO_OK]: 'success',
  [BIGO_ID_NOT_FOUND]: 'recharge_bigoid is not existed',
  [BIGO_ORDER_DUPLICATED]: 'orderid is duplicated',
  [BIGO_BALANCE_TOO_LOW]: 'insufficient balance',
  [BIGO_TOO_FREQUENT]: 'request frequently, just wait a second to call',
  [CURRENCY_NOT_SUPPORTED]: 'currency not supported',
  [BIGO_OTHER_ERROR]: 'other error',
};

const ZPrecheckBody = z.object({
  recharge_bigoid: z.string().min(1).max(64),
  reseller_bigoid: z.string().min(1).max(64).optional(),
  seqid: z.string().regex(SEQID_RE, 'must be 13-32 characters of 0-9 and a-z'),
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
    .send({ seqid, rescode, message: MESSAGES[rescode] ?? 'simulated failure', ...extra });
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'invalid request';
}

const rejected = (controls: TBigoControls, bigoId: string) =>
  bigoId.toLowerCase().startsWith(SIMULATOR_REJECT_PREFIX) || controls.reject_ids.includes(bigoId);

export const bigoSimulatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { bigo } = deps.settings;
  if (!bigo.publicKey) throw new Error('The BIGO simulator needs the sandbox public key');
  const publicKey = loadPublicKey(bigo.signAlg, bigo.publicKey);
  const store = new BigoSimulatorStore(deps.db);
  const { requireSuperuser } = deps.guards;

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
    if (!(Math.abs(Date.now() / 1000 - seconds) <= BIGO_TIMESTAMP_TOLERANCE_S)) {
      return 'bigo-timestamp is not within 5 minutes of the server clock';
    }
    // BIGO signs the path it receives, so the simulator checks the full path including /sandbox/bigo.
    const path = request.url.split('?')[0] ?? request.url;
    if (!verifyBigo(bigo.signAlg, publicKey, signingInput(raw, path, timestamp), signature)) {
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
        .send({ seqid, rescode: BIGO_OTHER_ERROR, message: `simulated HTTP ${failure.http_status}` });
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
      // 401 rather than a 200 with 400001: the client takes any non-200 as "no answer", so a key mix-up leaves
      // orders unavailable/retrying instead of blaming the buyer's BIGO ID.
      request.log.warn({ endpoint, reason: auth }, 'bigo simulator: unauthenticated call');
      return reply
        .code(401)
        .type('application/json')
        .send({ seqid, rescode: BIGO_BAD_PARAMETER, message: auth });
    }
    if (body === undefined) return send(reply, seqid, BIGO_BAD_PARAMETER, { message: 'body is not JSON' });
    const parsed = (endpoint === 'precheck' ? ZPrecheckBody : ZRechargeBody).safeParse(body);
    if (!parsed.success) {
      return send(reply, seqid, BIGO_BAD_PARAMETER, { message: firstIssue(parsed.error) });
    }
    const failure = await store.takeFailure(endpoint);
    if (failure && (await playFailure(reply, seqid, failure))) return reply;
    const controls = await store.controls();
    const bigoId = parsed.data.recharge_bigoid;
    if (rejected(controls, bigoId)) return send(reply, seqid, BIGO_ID_NOT_FOUND);
    if (endpoint === 'precheck') return send(reply, seqid, BIGO_OK, { recharge_balance: controls.balance });

    const recharge = ZRechargeBody.parse(body);
    if (!BIGO_CURRENCIES.has(recharge.currency)) return send(reply, seqid, CURRENCY_NOT_SUPPORTED);
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
    signed.post(`/bigo${BIGO_PRECHECK_PATH}`, (request, reply) => handle('precheck', request, reply));
    signed.post(`/bigo${BIGO_RECHARGE_PATH}`, (request, reply) => handle('recharge', request, reply));
  });

  const tags = ['sandbox'];
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody } as const;

  app.get(
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
          400: ZErrorBody,
        },
      },
    },
    async (request) => {
      const entries = await store.deliveries(request.query.bu_orderid);
      return { bu_orderid: request.query.bu_orderid, deliveries: entries.length, entries };
    },
  );

  app.get(
    '/bigo/controls',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: current controls (rejected IDs, reseller balance, queued failures)',
        response: { 200: ZBigoControls, ...errors },
      },
    },
    async () => store.controls(),
  );

  app.put(
    '/bigo/controls',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: replace the controls (missing fields take their defaults)',
        body: ZBigoControls,
        response: { 200: ZBigoControls, ...errors },
      },
    },
    async (request) => store.replaceControls(request.body),
  );

  app.delete(
    '/bigo/controls',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'BIGO simulator: reset the controls to their defaults',
        response: { 200: ZBigoControls, ...errors },
      },
    },
    async () => store.replaceControls(defaultBigoControls()),
  );
};

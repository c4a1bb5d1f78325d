import type { KeyObject } from 'node:crypto';
import { currencyExponent, formatMinor, orderNote, orderNoteText, type TOrderNote } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { StartupError } from '../../infra/startup-error';
import type { BigoSettings } from '../gateway-settings';
import { type HttpAnswer, postJson } from '../http-post';
import type {
  BigoDenied,
  BigoGateway,
  BigoPrecheckOutcome,
  BigoRecharge,
  BigoRechargeOutcome,
} from '../ports';
import { BIGO_OK, bigoDeniedHttp, bigoDeniedHttpNote, bigoReasonNote, bigoRescode } from './bigo-rescodes';
import { BIGO_HEADERS, loadPrivateKey, newSeqid, signBigo, signingInput } from './bigo-signature';

/**
 * The BIGO reseller API client (DESIGN.md §8). It talks to whatever BIGO_API_BASE names — the real API or the
 * built-in simulator at PUBLIC_URL/sandbox/bigo — the same way; see README.md in this folder.
 */

export const BIGO_PRECHECK_PATH = '/sign/agent/recharge_pre_check';
export const BIGO_RECHARGE_PATH = '/sign/agent/rs_recharge';
/** BIGO's signature test API (access guide §4.0), used by `npm run check:gateways`. */
export const BIGO_TEST_SIGN_PATH = '/oauth2/test_sign';
/** The buyer waits on a precheck at order commit: keep it short. */
export const BIGO_PRECHECK_TIMEOUT_MS = 8_000;
/** A recharge runs in a job; give BIGO time before assuming nothing happened (a retry is harmless anyway). */
export const BIGO_RECHARGE_TIMEOUT_MS = 15_000;

export interface BigoClientOptions {
  precheckTimeoutMs?: number;
  rechargeTimeoutMs?: number;
}

/**
 * What came back from one call: a BIGO answer with its rescode, a refusal of our credentials at the HTTP level
 * (401/403, see bigo-rescodes.ts), or a reason we got no answer.
 */
type CallResult =
  | { answered: true; rescode: number; message: unknown; body: Record<string, unknown> }
  | { answered: false; denied: BigoDenied }
  | { answered: false; denied?: undefined; reason: string; note: TOrderNote };

/**
 * total_cost is what the buyer paid in major units, a JSON number with at most two decimals (reseller_api.md:
 * "double … can have up to two decimal points"). Up to two decimals it is the exact decimal of the currency's
 * minor units (SGD 2760 → 27.6, JPY 500 → 500), never a floating-point division result; JSON then writes 20.00 as
 * 20, which is the same number. A three-decimal currency (JOD 1.255) is rounded half up to two decimals (1.26):
 * BIGO only records the value (it charges the reseller's balance in diamonds, not this amount), so the rounding
 * informs and never charges anyone.
 */
export function totalCost(amountMinor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent <= 2) return Number(formatMinor(amountMinor, currency));
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError('totalCost: amount must be a non-negative safe integer');
  }
  const step = BigInt(10 ** (exponent - 2));
  const amount = BigInt(amountMinor);
  const hundredths = amount / step + (2n * (amount % step) >= step ? 1n : 0n);
  return Number(`${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`);
}

/** An outcome's reason: the English text of its note (logs, alerts) and the note (order events, issue #32). */
function said(note: TOrderNote): { reason: string; note: TOrderNote } {
  return { reason: orderNoteText(note), note };
}

function errorNote(err: unknown, timeoutMs: number): TOrderNote {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return orderNote('bigo_timeout', { ms: timeoutMs });
  const detail =
    (err as { code?: string }).code ?? e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return orderNote('bigo_unreachable', { detail });
}

function errorReason(err: unknown, timeoutMs: number): string {
  return orderNoteText(errorNote(err, timeoutMs));
}

/** BIGO's `message` from an error body, if it is JSON with one (for the operator; never our own secrets). */
function messageOf(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as { message?: unknown }).message
      : undefined;
  } catch {
    return undefined;
  }
}

function deniedByRescode(rescode: number, message: unknown): BigoDenied {
  return {
    kind: 'denied',
    rescode,
    httpStatus: null,
    ...said(bigoReasonNote(rescode, message)),
    check: bigoRescode(rescode).check ?? '',
  };
}

/** What a log line shows of an outcome: never the key, the signature or the request headers. */
function outcomeLog(outcome: BigoPrecheckOutcome | BigoRechargeOutcome) {
  return {
    outcome: outcome.kind,
    rescode: outcome.rescode,
    ...('reason' in outcome ? { reason: outcome.reason } : {}),
  };
}

export function createBigoClient(
  settings: BigoSettings,
  log: FastifyBaseLogger,
  options: BigoClientOptions = {},
): BigoGateway {
  let privateKey: KeyObject;
  try {
    privateKey = loadPrivateKey(settings.signAlg, settings.privateKey);
  } catch (err) {
    throw new StartupError(`BIGO_PRIVATE_KEY: ${(err as Error).message}`);
  }
  const base = settings.apiBase.replace(/\/+$/, '');
  const precheckTimeoutMs = options.precheckTimeoutMs ?? BIGO_PRECHECK_TIMEOUT_MS;
  const rechargeTimeoutMs = options.rechargeTimeoutMs ?? BIGO_RECHARGE_TIMEOUT_MS;
  const reseller = settings.resellerId ? { reseller_bigoid: settings.resellerId } : {};

  /** One signed POST (access guide §3.1.3): the body as sent, signed with the path the far end receives. */
  function signedPost(path: string, body: string, timeoutMs: number): Promise<HttpAnswer> {
    const url = new URL(`${base}${path}`);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signBigo(settings.signAlg, privateKey, signingInput(body, url.pathname, timestamp));
    return postJson(
      url,
      {
        [BIGO_HEADERS.clientId]: settings.clientId,
        [BIGO_HEADERS.timestamp]: timestamp,
        [BIGO_HEADERS.signature]: signature,
      },
      body,
      timeoutMs,
    );
  }

  async function call(
    path: string,
    payload: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<CallResult> {
    let reply: HttpAnswer;
    try {
      reply = await signedPost(path, JSON.stringify(payload), timeoutMs);
    } catch (err) {
      return { answered: false, ...said(errorNote(err, timeoutMs)) };
    }
    if (reply.status !== 200) {
      const denial = bigoDeniedHttp(reply.status);
      if (!denial)
        return { answered: false, ...said(orderNote('bigo_http_status', { status: reply.status })) };
      return {
        answered: false,
        denied: {
          kind: 'denied',
          rescode: null,
          httpStatus: reply.status,
          ...said(bigoDeniedHttpNote(reply.status, messageOf(reply.text))),
          check: denial.check ?? '',
        },
      };
    }
    const text = reply.text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { answered: false, ...said(orderNote('bigo_not_json')) };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { answered: false, ...said(orderNote('bigo_no_rescode')) };
    }
    const answer = parsed as Record<string, unknown>;
    const rescode = typeof answer.rescode === 'string' ? Number(answer.rescode) : answer.rescode;
    if (typeof rescode !== 'number' || !Number.isSafeInteger(rescode)) {
      return { answered: false, ...said(orderNote('bigo_no_rescode')) };
    }
    if (answer.seqid !== undefined && answer.seqid !== payload.seqid) {
      log.warn({ seqid: payload.seqid, answered: answer.seqid }, 'bigo: answer carries another seqid');
    }
    return { answered: true, rescode, message: answer.message, body: answer };
  }

  return {
    simulator: settings.sandbox,

    async testSignature() {
      // Access guide §4.0: BIGO's demo test API echoes the body when the signature checks out.
      const body = JSON.stringify({ msg: 'hello' });
      let reply: HttpAnswer;
      try {
        reply = await signedPost(BIGO_TEST_SIGN_PATH, body, precheckTimeoutMs);
      } catch (err) {
        return { ok: false, detail: errorReason(err, precheckTimeoutMs) };
      }
      if (reply.status !== 200) return { ok: false, detail: `BIGO answered HTTP ${reply.status}` };
      let echoed = false;
      try {
        echoed = (JSON.parse(reply.text) as { msg?: unknown } | null)?.msg === 'hello';
      } catch {
        echoed = false;
      }
      return echoed
        ? { ok: true, detail: 'signature accepted by /oauth2/test_sign' }
        : { ok: false, detail: `unexpected answer: ${reply.text.slice(0, 120)}` };
    },

    async precheck(bigoId: string): Promise<BigoPrecheckOutcome> {
      const seqid = newSeqid();
      const result = await call(
        BIGO_PRECHECK_PATH,
        { recharge_bigoid: bigoId, ...reseller, seqid },
        precheckTimeoutMs,
      );
      let outcome: BigoPrecheckOutcome;
      if (!result.answered) {
        outcome = result.denied ?? {
          kind: 'unavailable',
          rescode: null,
          reason: result.reason,
          note: result.note,
        };
      } else {
        const kind = bigoRescode(result.rescode).precheck;
        if (kind === 'denied') {
          outcome = deniedByRescode(result.rescode, result.message);
        } else if (kind === 'ok' && result.rescode === BIGO_OK) {
          const balance = result.body.recharge_balance;
          outcome = {
            kind: 'ok',
            rescode: BIGO_OK,
            balance: typeof balance === 'number' && Number.isFinite(balance) ? balance : null,
          };
        } else {
          outcome = {
            kind: kind === 'rejected' ? 'rejected' : 'unavailable',
            rescode: result.rescode,
            ...said(bigoReasonNote(result.rescode, result.message)),
          };
        }
      }
      const level = outcome.kind === 'denied' ? 'error' : outcome.kind === 'unavailable' ? 'warn' : 'info';
      log[level]({ seqid, ...outcomeLog(outcome) }, 'bigo precheck');
      return outcome;
    },

    async recharge(request: BigoRecharge): Promise<BigoRechargeOutcome> {
      const seqid = request.seqid ?? newSeqid();
      const result = await call(
        BIGO_RECHARGE_PATH,
        {
          recharge_bigoid: request.bigoId,
          ...reseller,
          seqid,
          bu_orderid: request.orderNum,
          value: request.diamonds,
          total_cost: totalCost(request.amount, request.currency),
          currency: request.currency,
        },
        rechargeTimeoutMs,
      );
      let outcome: BigoRechargeOutcome;
      if (!result.answered) {
        outcome = result.denied ?? { kind: 'retry', rescode: null, reason: result.reason, note: result.note };
      } else {
        const kind = bigoRescode(result.rescode).recharge;
        if (kind === 'denied') outcome = deniedByRescode(result.rescode, result.message);
        else if (kind === 'delivered') outcome = { kind, rescode: result.rescode };
        else
          outcome = {
            kind,
            rescode: result.rescode,
            ...said(bigoReasonNote(result.rescode, result.message)),
          };
      }
      let level: 'info' | 'warn' | 'error' = 'warn';
      if (outcome.kind === 'delivered') level = 'info';
      else if (outcome.kind === 'failed' || outcome.kind === 'denied') level = 'error';
      log[level]({ seqid, orderNum: request.orderNum, ...outcomeLog(outcome) }, 'bigo recharge');
      return outcome;
    },
  };
}

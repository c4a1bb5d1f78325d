import type { KeyObject } from 'node:crypto';
import { formatMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { StartupError } from '../../infra/startup-error';
import type { BigoSettings } from '../gateway-settings';
import { type HttpAnswer, postJson } from '../http-post';
import type { BigoGateway, BigoPrecheckOutcome, BigoRecharge, BigoRechargeOutcome } from '../ports';
import { BIGO_OK, bigoReason, bigoRescode } from './bigo-rescodes';
import { BIGO_HEADERS, loadPrivateKey, newSeqid, signBigo, signingInput } from './bigo-signature';

/**
 * The BIGO reseller API client (DESIGN.md §8). It talks to whatever BIGO_API_BASE names — the real API or the
 * built-in simulator at PUBLIC_URL/sandbox/bigo — the same way; see README.md in this folder.
 */

export const BIGO_PRECHECK_PATH = '/sign/agent/recharge_pre_check';
export const BIGO_RECHARGE_PATH = '/sign/agent/rs_recharge';
/** The buyer waits on a precheck at order commit: keep it short. */
export const BIGO_PRECHECK_TIMEOUT_MS = 8_000;
/** A recharge runs in a job; give BIGO time before assuming nothing happened (a retry is harmless anyway). */
export const BIGO_RECHARGE_TIMEOUT_MS = 15_000;

export interface BigoClientOptions {
  precheckTimeoutMs?: number;
  rechargeTimeoutMs?: number;
}

/** What came back from one call: a BIGO answer with its rescode, or a reason we got none. */
type CallResult =
  | { answered: true; rescode: number; message: unknown; body: Record<string, unknown> }
  | { answered: false; reason: string };

/**
 * total_cost is what the buyer paid in major units, a JSON number with at most two decimals (BIGO: "double, up to
 * two decimal points"). It goes through formatMinor so the value is the exact decimal (2760 → 27.6), never a
 * floating-point division result; JSON then writes 20.00 as 20, which is the same number.
 */
export function totalCost(amountMinor: number): number {
  return Number(formatMinor(amountMinor));
}

function errorReason(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `BIGO did not answer within ${timeoutMs} ms`;
  const detail =
    (err as { code?: string }).code ?? e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return `BIGO could not be reached (${detail})`;
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

  async function call(
    path: string,
    payload: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<CallResult> {
    const url = new URL(`${base}${path}`);
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signBigo(settings.signAlg, privateKey, signingInput(body, url.pathname, timestamp));
    let reply: HttpAnswer;
    try {
      reply = await postJson(
        url,
        {
          [BIGO_HEADERS.clientId]: settings.clientId,
          [BIGO_HEADERS.timestamp]: timestamp,
          [BIGO_HEADERS.signature]: signature,
        },
        body,
        timeoutMs,
      );
    } catch (err) {
      return { answered: false, reason: errorReason(err, timeoutMs) };
    }
    if (reply.status !== 200) return { answered: false, reason: `BIGO answered HTTP ${reply.status}` };
    const text = reply.text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { answered: false, reason: 'BIGO answered with something that is not JSON' };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { answered: false, reason: 'BIGO answered without a rescode' };
    }
    const answer = parsed as Record<string, unknown>;
    const rescode = typeof answer.rescode === 'string' ? Number(answer.rescode) : answer.rescode;
    if (typeof rescode !== 'number' || !Number.isSafeInteger(rescode)) {
      return { answered: false, reason: 'BIGO answered without a rescode' };
    }
    if (answer.seqid !== undefined && answer.seqid !== payload.seqid) {
      log.warn({ seqid: payload.seqid, answered: answer.seqid }, 'bigo: answer carries another seqid');
    }
    return { answered: true, rescode, message: answer.message, body: answer };
  }

  return {
    simulator: settings.sandbox,

    async precheck(bigoId: string): Promise<BigoPrecheckOutcome> {
      const seqid = newSeqid();
      const result = await call(
        BIGO_PRECHECK_PATH,
        { recharge_bigoid: bigoId, ...reseller, seqid },
        precheckTimeoutMs,
      );
      let outcome: BigoPrecheckOutcome;
      if (!result.answered) {
        outcome = { kind: 'unavailable', rescode: null, reason: result.reason };
      } else {
        const kind = bigoRescode(result.rescode).precheck;
        if (kind === 'ok' && result.rescode === BIGO_OK) {
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
            reason: bigoReason(result.rescode, result.message),
          };
        }
      }
      const level = outcome.kind === 'unavailable' ? 'warn' : 'info';
      log[level]({ seqid, ...outcomeLog(outcome) }, 'bigo precheck');
      return outcome;
    },

    async recharge(request: BigoRecharge): Promise<BigoRechargeOutcome> {
      const seqid = newSeqid();
      const result = await call(
        BIGO_RECHARGE_PATH,
        {
          recharge_bigoid: request.bigoId,
          ...reseller,
          seqid,
          bu_orderid: request.orderNum,
          value: request.diamonds,
          total_cost: totalCost(request.amount),
          currency: request.currency,
        },
        rechargeTimeoutMs,
      );
      let outcome: BigoRechargeOutcome;
      if (!result.answered) {
        outcome = { kind: 'retry', rescode: null, reason: result.reason };
      } else {
        const kind = bigoRescode(result.rescode).recharge;
        outcome =
          kind === 'delivered'
            ? { kind, rescode: result.rescode }
            : { kind, rescode: result.rescode, reason: bigoReason(result.rescode, result.message) };
      }
      const level = outcome.kind === 'delivered' ? 'info' : outcome.kind === 'retry' ? 'warn' : 'error';
      log[level]({ seqid, orderNum: request.orderNum, ...outcomeLog(outcome) }, 'bigo recharge');
      return outcome;
    },
  };
}

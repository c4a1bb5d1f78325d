import { isOrderNoteKey, orderNote, orderNoteText, type TOrderNote } from '@ezrecharge/shared';

/**
 * Every rescode of BIGO's reseller API (DESIGN.md §8) and what each means for the two calls, in one table:
 * - precheck (at order commit): ok → status 2; rejected → the buyer's ID is refused, status 1 with the reason;
 *   unavailable → we could not get an answer about the ID, so no order is created and the buyer tries later.
 * - recharge (after payment): delivered → status 9; retry → nothing is known to have happened, ask again with the
 *   same bu_orderid; failed → retrying cannot help until an operator acts (status 10); duplicate → BIGO says the
 *   order number was used before, which proves a delivery only if an earlier call of ours may have delivered (the
 *   fulfilment job decides from the order's own record: BIGO's reseller API has no order query).
 * - denied (both calls): BIGO refuses *us* — our keys, our IP, the API switch, the reseller binding — so the answer
 *   says nothing about the buyer's ID. The buyer sees a temporary problem, the job retries like a transport failure
 *   (the operator may fix the cause meanwhile), and the operator is alerted. HTTP 401 and 403 count as denied too
 *   (BIGO_DENIED_HTTP below).
 * Codes not in the table are treated as "unavailable" / "retry": retrying is always safe because bu_orderid makes a
 * second delivery impossible.
 */

export type BigoPrecheckKind = 'ok' | 'rejected' | 'unavailable' | 'denied';
export type BigoRechargeKind = 'delivered' | 'duplicate' | 'retry' | 'failed' | 'denied';

export interface BigoRescodeInfo {
  /** Plain English for order events and operator logs. */
  meaning: string;
  precheck: BigoPrecheckKind;
  recharge: BigoRechargeKind;
  /** For a denial: what the operator should check first (the alert e-mail says it). */
  check?: string;
}

export const BIGO_OK = 0;
export const BIGO_BAD_PARAMETER = 400001;
export const BIGO_ID_NOT_FOUND = 7212004;
export const BIGO_ORDER_DUPLICATED = 7212010;
export const BIGO_BALANCE_TOO_LOW = 7212011;
export const BIGO_TOO_FREQUENT = 7212012;
export const BIGO_OTHER_ERROR = 500001;

export const BIGO_RESCODES: Readonly<Record<number, BigoRescodeInfo>> = {
  [BIGO_OK]: { meaning: 'Success', precheck: 'ok', recharge: 'delivered' },
  [BIGO_BAD_PARAMETER]: {
    meaning: 'BIGO refused a request parameter',
    precheck: 'rejected',
    recharge: 'failed',
  },
  7212001: {
    meaning: 'The recharge API is disabled by BIGO',
    precheck: 'denied',
    recharge: 'denied',
    check: 'BIGO has switched the recharge API off for our client id: ask BIGO to switch it on again.',
  },
  7212002: {
    meaning: 'The recharge API is disabled by the reseller',
    precheck: 'denied',
    recharge: 'denied',
    check:
      'The recharge API was switched off from our side (the reseller API\'s "disable" call); only BIGO can switch ' +
      'it on again: ask BIGO.',
  },
  7212003: {
    meaning: "This server's IP address is not allowed by BIGO",
    precheck: 'denied',
    recharge: 'denied',
    check:
      "The public IP address this server calls BIGO from must be on BIGO's IP allow-list for our client id; " +
      'send BIGO the new address after a move to another host or network.',
  },
  [BIGO_ID_NOT_FOUND]: { meaning: 'This BIGO ID does not exist', precheck: 'rejected', recharge: 'failed' },
  7212005: { meaning: 'This BIGO ID cannot be recharged', precheck: 'rejected', recharge: 'failed' },
  7212006: {
    meaning: 'The reseller account is not bound to our BIGO client id',
    precheck: 'denied',
    recharge: 'denied',
    check:
      'BIGO_RESELLER_ID (or, when it is empty, the default reseller account) must be bound to BIGO_CLIENT_ID ' +
      'at BIGO.',
  },
  7212008: {
    meaning: 'The number of diamonds is over the limit BIGO allows',
    precheck: 'rejected',
    recharge: 'failed',
  },
  7212009: { meaning: 'BIGO does not accept this currency', precheck: 'unavailable', recharge: 'failed' },
  [BIGO_ORDER_DUPLICATED]: {
    meaning: 'BIGO reports this order number as already used',
    precheck: 'unavailable',
    recharge: 'duplicate',
  },
  [BIGO_BALANCE_TOO_LOW]: {
    meaning: "The reseller's diamond balance at BIGO is too low",
    precheck: 'unavailable',
    recharge: 'failed',
  },
  [BIGO_TOO_FREQUENT]: {
    meaning: 'Too many requests to BIGO, try again later',
    precheck: 'unavailable',
    recharge: 'retry',
  },
  [BIGO_OTHER_ERROR]: {
    meaning: 'BIGO reported an internal error',
    precheck: 'unavailable',
    recharge: 'retry',
  },
};

const UNKNOWN: BigoRescodeInfo = {
  meaning: 'BIGO answered with an unknown code',
  precheck: 'unavailable',
  recharge: 'retry',
};

/**
 * HTTP statuses that mean BIGO refuses our credentials rather than "no answer". BIGO's access guide (§2.1.5) lists
 * 401 for its gateway ("the token is invalid or has expired"); its documents do not say what a bad signature, an
 * unknown client id or a stale bigo-timestamp answers, so 401 and 403 are both taken as denied (and the built-in
 * simulator answers a failed signature check with 401). Other non-200 statuses stay "no answer".
 */
export const BIGO_DENIED_HTTP: Readonly<Record<number, BigoRescodeInfo>> = {
  401: {
    meaning: 'BIGO did not accept our credentials',
    precheck: 'denied',
    recharge: 'denied',
    check:
      'BIGO_CLIENT_ID, BIGO_PRIVATE_KEY and BIGO_SIGN_ALG must match the client id and the public key BIGO holds ' +
      '(after a key change, send BIGO the new public key), and the server clock must be right (bigo-timestamp).',
  },
  403: {
    meaning: 'BIGO refused our access',
    precheck: 'denied',
    recharge: 'denied',
    check:
      "This server's IP address must be on BIGO's allow-list, and BIGO_CLIENT_ID, BIGO_PRIVATE_KEY and " +
      'BIGO_SIGN_ALG must match what BIGO holds.',
  },
};

/** The denial info of an HTTP status, or undefined when the status is not one (it is then "no answer"). */
export function bigoDeniedHttp(status: number): BigoRescodeInfo | undefined {
  return Object.hasOwn(BIGO_DENIED_HTTP, status) ? BIGO_DENIED_HTTP[status] : undefined;
}

/**
 * The meaning of a rescode (or of an HTTP denial) as a note of the shared catalogue (issue #32): `bigo_<code>`, whose
 * English is the `meaning` of the tables above (bigo-rescodes.test.ts keeps them equal).
 */
function meaningNote(key: string, fallback: 'bigo_unknown' | 'bigo_http_403'): TOrderNote {
  return { key: isOrderNoteKey(key) ? key : fallback } as TOrderNote;
}

const theirWords = (message: unknown): string =>
  typeof message === 'string' ? message.trim().slice(0, 200) : '';

/** "BIGO did not accept our credentials (HTTP 401: signature verification failed)", as a note. */
export function bigoDeniedHttpNote(status: number, message: unknown): TOrderNote {
  const theirs = theirWords(message);
  const meaning = meaningNote(
    bigoDeniedHttp(status) ? `bigo_http_${status}` : 'bigo_http_403',
    'bigo_http_403',
  );
  return theirs
    ? orderNote('bigo_http_denied_said', { meaning, status, message: theirs })
    : orderNote('bigo_http_denied', { meaning, status });
}

/** "BIGO did not accept our credentials (HTTP 401: signature verification failed)". */
export function bigoDeniedHttpReason(status: number, message: unknown): string {
  return orderNoteText(bigoDeniedHttpNote(status, message));
}

export function bigoRescode(rescode: number): BigoRescodeInfo {
  return Object.hasOwn(BIGO_RESCODES, rescode) ? (BIGO_RESCODES[rescode] ?? UNKNOWN) : UNKNOWN;
}

/** "This BIGO ID does not exist (BIGO 7212004: user not found)": our words first, BIGO's own message after. */
export function bigoReason(rescode: number, message: unknown): string {
  return orderNoteText(bigoReasonNote(rescode, message));
}

/** `bigoReason` as a note of the shared catalogue, shown in the reader's language (issue #32). */
export function bigoReasonNote(rescode: number, message: unknown): TOrderNote {
  const theirs = theirWords(message);
  const meaning = meaningNote(
    Object.hasOwn(BIGO_RESCODES, rescode) ? `bigo_${rescode}` : 'bigo_unknown',
    'bigo_unknown',
  );
  return theirs
    ? orderNote('bigo_answer_said', { meaning, rescode, message: theirs })
    : orderNote('bigo_answer', { meaning, rescode });
}

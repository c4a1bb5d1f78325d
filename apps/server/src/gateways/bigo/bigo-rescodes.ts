/**
 * Every rescode of BIGO's reseller API (DESIGN.md §8) and what each means for the two calls, in one table:
 * - precheck (at order commit): ok → status 2; rejected → the buyer's ID is refused, status 1 with the reason;
 *   unavailable → we could not get an answer about the ID, so no order is created and the buyer tries later.
 * - recharge (after payment): delivered → status 9; retry → nothing is known to have happened, ask again with the
 *   same bu_orderid (BIGO answers 7212010 if it did deliver); failed → retrying cannot help until an operator acts
 *   (status 10).
 * Codes not in the table are treated as "unavailable" / "retry": retrying is always safe because bu_orderid makes a
 * second delivery impossible.
 */

export type BigoPrecheckKind = 'ok' | 'rejected' | 'unavailable';
export type BigoRechargeKind = 'delivered' | 'retry' | 'failed';

export interface BigoRescodeInfo {
  /** Plain English for order events and operator logs. */
  meaning: string;
  precheck: BigoPrecheckKind;
  recharge: BigoRechargeKind;
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
    precheck: 'unavailable',
    recharge: 'failed',
  },
  7212002: {
    meaning: 'The recharge API is disabled by the reseller',
    precheck: 'unavailable',
    recharge: 'failed',
  },
  7212003: {
    meaning: "This server's IP address is not allowed by BIGO",
    precheck: 'unavailable',
    recharge: 'failed',
  },
  [BIGO_ID_NOT_FOUND]: { meaning: 'This BIGO ID does not exist', precheck: 'rejected', recharge: 'failed' },
  7212005: { meaning: 'This BIGO ID cannot be recharged', precheck: 'rejected', recharge: 'failed' },
  7212006: {
    meaning: 'The reseller account is not bound to our BIGO client id',
    precheck: 'unavailable',
    recharge: 'failed',
  },
  7212008: {
    meaning: 'The number of diamonds is over the limit BIGO allows',
    precheck: 'rejected',
    recharge: 'failed',
  },
  7212009: { meaning: 'BIGO does not accept this currency', precheck: 'unavailable', recharge: 'failed' },
  [BIGO_ORDER_DUPLICATED]: {
    meaning: 'BIGO already delivered this order number',
    precheck: 'unavailable',
    recharge: 'delivered',
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

export function bigoRescode(rescode: number): BigoRescodeInfo {
  return Object.hasOwn(BIGO_RESCODES, rescode) ? (BIGO_RESCODES[rescode] ?? UNKNOWN) : UNKNOWN;
}

/** "This BIGO ID does not exist (BIGO 7212004: user not found)": our words first, BIGO's own message after. */
export function bigoReason(rescode: number, message: unknown): string {
  const theirs = typeof message === 'string' ? message.trim().slice(0, 200) : '';
  return `${bigoRescode(rescode).meaning} (BIGO ${rescode}${theirs ? `: ${theirs}` : ''})`;
}

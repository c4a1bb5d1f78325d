/** What the built-in Fiuu records of a payment, read by its hosted page, status query and refund API. */

export const FIUU_TXN = 'fiuu_txn';

/** Fiuu's status codes ("status" of a result post, "StatCode" of a status query, "Status" of a refund). */
export const FIUU_STATUS = { paid: '00', failed: '11', pending: '22' } as const;

/**
 * One transaction as the sandbox remembers it (kind fiuu_txn, key = tranID). An order id may have several: a buyer
 * may pay the same order twice (two tabs, a page reloaded), and Fiuu takes each payment.
 */
export interface FiuuSandboxTxn {
  tranID: string;
  /** The merchant ID (recorded since the daily report, which lists a merchant's transactions). */
  domain?: string;
  orderid: string;
  status: string;
  amount: string;
  currency: string;
  paydate: string;
  channel: string;
  billName: string;
  errorCode: string;
  errorDesc: string;
}

/** What the Fail and Cancel buttons send: Fiuu's own card channel codes (see fiuu-sandbox.ts). */
export const FIUU_DECLINE = { code: 'CC_05', desc: 'Do not honor' } as const;
export const FIUU_BUYER_CANCEL = { code: 'CC_9935', desc: 'Cancel payment by customer.' } as const;

import { formatMinor } from '@ezrecharge/shared';
import type { MailMessage } from '../../infra/mail';
import { groupedNumber, oneLine } from '../../infra/mail-text';
import { shopMinute } from '../../infra/shop-time';

/**
 * The operator's alerts (to ADMIN_EMAIL, in English, plain text only): BIGO's reseller balance running low, and
 * BIGO refusing our access. Only codes, our own words, BIGO's message and setting names: never a key, a signature
 * or a request header. Times are the shop's (SHOP_TIME_ZONE, `timeZone`), named.
 */

type Mail = Omit<MailMessage, 'to'>;

/** The operator's warning that BIGO's reseller balance is running low. */
export function balanceWarningMail(
  balance: number,
  threshold: number,
  checkedAt: Date,
  timeZone: string,
): Mail {
  return {
    subject: `EzRecharge: BIGO reseller balance is low (${groupedNumber(balance)} diamonds)`,
    text: [
      `The BIGO reseller balance reported at an order's precheck is ${groupedNumber(balance)} diamonds,`,
      `below the warning threshold of ${groupedNumber(threshold)} (BIGO_BALANCE_ALERT_BELOW).`,
      '',
      `Checked at: ${shopMinute(checkedAt, timeZone)}`,
      '',
      'Top up the reseller account at BIGO before it runs out: a delivery that meets a balance too low ends in',
      '"Charge failed" (status 10), and each such order then needs an operator to retry the charge.',
      '',
      'This warning is sent at most once an hour while the balance stays low.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

export interface BigoAccessAlertFacts {
  call: 'precheck' | 'recharge';
  orderNum: string | null;
  rescode: number | null;
  httpStatus: number | null;
  /** Our words for the code, with BIGO's own message after them. */
  reason: string;
  /** What to check first for this code (bigo-rescodes.ts). */
  check: string;
  seenAt: Date;
  timeZone: string;
}

/** Everything that makes BIGO refuse our calls, for the operator who wants to rule each out. */
const BIGO_ACCESS_CHECKS = [
  'Keys: BIGO_CLIENT_ID, BIGO_PRIVATE_KEY and BIGO_SIGN_ALG match the client id and the public key BIGO holds.',
  "IP allow-list: the public IP address this server calls BIGO from is on BIGO's list for our client id.",
  'Reseller binding: BIGO_RESELLER_ID (or the default reseller account) is bound to BIGO_CLIENT_ID at BIGO.',
  'API switch: the recharge API is switched on at BIGO (neither BIGO nor a "disable" call switched it off).',
];

/**
 * The operator's alert that BIGO refuses our access: which call, what BIGO answered, what to check. Only codes,
 * our own words, BIGO's message and setting names: never a key, a signature or a request header.
 */
export function bigoAccessAlertMail(facts: BigoAccessAlertFacts): Mail {
  const code = facts.rescode !== null ? `rescode ${facts.rescode}` : `HTTP ${facts.httpStatus ?? '?'}`;
  const call =
    facts.call === 'precheck'
      ? "the recharge precheck of a buyer's order (recharge_pre_check)"
      : `the diamond delivery of order ${oneLine(facts.orderNum ?? '')} (rs_recharge)`;
  const effect =
    facts.call === 'precheck'
      ? [
          'Buyers are told that recharge is temporarily unavailable and no order is stored, so no one can buy',
          'diamonds until this is fixed.',
        ]
      : [
          'Paid orders stay in "Charging" and are retried for about half an hour, then end in "Charge failed"',
          '(status 10); retry their charge in the console once this is fixed.',
        ];
  return {
    subject: `EzRecharge: BIGO refuses our calls (${code})`,
    text: [
      'BIGO refused a call from the shop because of our own access, not because of a buyer or a BIGO ID.',
      '',
      `Call: ${call}`,
      `BIGO answered: ${code}: ${oneLine(facts.reason)}`,
      `Seen at: ${shopMinute(facts.seenAt, facts.timeZone)}`,
      '',
      ...effect,
      '',
      `Check first: ${oneLine(facts.check)}`,
      '',
      'If that is in order, check the rest:',
      ...BIGO_ACCESS_CHECKS.map((line) => `- ${line}`),
      '',
      'This alert is sent at most once an hour while BIGO keeps refusing; every refusal is also in the server log.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/** One rs_recharge call of an order as its record keeps it (fulfilment's recharge-record.ts). */
export interface RechargeCallFacts {
  at: Date;
  /** sent, answered, unanswered, not_sent. */
  mark: string;
  seqid: string | null;
  rescode: number | null;
  cause: string;
}

/**
 * Issue #26: an order whose delivery failed after a call that got no answer: BIGO may have credited the diamonds.
 * The operator checks BIGO's reseller console (bu_orderid = the order number; the calls' seqids) before anything is
 * refunded; the console refuses a refund without that confirmation.
 */
export function deliveryUncertainMail(facts: {
  orderNum: string;
  bigoId: string;
  diamonds: number;
  reason: string;
  calls: readonly RechargeCallFacts[];
  timeZone: string;
}): Mail {
  const calls = facts.calls.map((c) => {
    const answer = c.rescode !== null ? `rescode ${c.rescode}` : c.mark;
    return `- ${shopMinute(c.at, facts.timeZone)}: ${c.mark}${c.seqid ? `, seqid ${oneLine(c.seqid)}` : ''}, ${answer}: ${oneLine(c.cause)}`;
  });
  return {
    subject: `EzRecharge: delivery uncertain for order ${oneLine(facts.orderNum)}: check BIGO before refunding`,
    text: [
      `The delivery of order ${oneLine(facts.orderNum)} ended in "Charge failed" (status 10), but an earlier call to`,
      'BIGO got no answer: BIGO may have credited the diamonds all the same.',
      '',
      `BIGO ID: ${oneLine(facts.bigoId)}`,
      `Diamonds: ${groupedNumber(facts.diamonds)}`,
      `Last answer: ${oneLine(facts.reason)}`,
      '',
      'The calls to BIGO (bu_orderid is the order number):',
      ...calls,
      '',
      "Check this order in BIGO's reseller console first. If the diamonds arrived, mark the order delivered; if",
      'they did not, retry the charge or refund it: the console asks you to confirm that you checked.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/** Issue #26: a refund its gateway has not settled within the time it documents. */
export function refundOverdueMail(facts: {
  orderNum: string;
  gateway: string;
  what: string;
  startedAt: Date;
  days: number;
  lastAnswer: string;
  timeZone: string;
}): Mail {
  return {
    subject: `EzRecharge: refund of order ${oneLine(facts.orderNum)} not settled after ${facts.days} days`,
    text: [
      `The refund of ${oneLine(facts.what)} of order ${oneLine(facts.orderNum)} was sent to ${facts.gateway} on`,
      `${shopMinute(facts.startedAt, facts.timeZone)} and ${facts.gateway} has not reported it settled or failed since.`,
      '',
      `Last answer: ${oneLine(facts.lastAnswer)}`,
      '',
      `The shop keeps asking ${facts.gateway} (at most twice a day) and never sends a second refund by itself.`,
      `Check the refund in ${facts.gateway}'s merchant portal, and ask their support if it is stuck.`,
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/** Issue #26: the gateway captured a second payment for an order that was already paid. */
export function extraPaymentMail(facts: {
  orderNum: string;
  gateway: string;
  ref: string;
  amount: number;
  currency: string;
  autoRefund: boolean;
}): Mail {
  const money = `${oneLine(facts.currency)} ${formatMinor(facts.amount, facts.currency)}`;
  return {
    subject: `EzRecharge: order ${oneLine(facts.orderNum)} was paid twice (${money})`,
    text: [
      `${facts.gateway} reports another payment for order ${oneLine(facts.orderNum)}, which was already paid:`,
      '',
      `Payment reference: ${oneLine(facts.ref)}`,
      `Amount: ${money}`,
      '',
      'The order is delivered once; this payment buys nothing.',
      facts.autoRefund
        ? 'It is being refunded through the gateway (EXTRA_PAYMENT_REFUND=auto); the buyer is told by e-mail.'
        : 'Refund it from the order list in the console ("Paid twice"); the buyer is told by e-mail when it starts.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

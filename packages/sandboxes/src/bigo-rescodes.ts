/**
 * BIGO's reseller API answers, written from BIGO's `reseller_api.md` (github.com/yothen/Bigo-Open-Api, root commit
 * e915fac): §1.3 "rescode" table, whose descriptions the simulator sends as `message`, §1.2 "Supported currencies".
 */

export const RESCODE = {
  ok: 0,
  badParameter: 400001,
  disabledByBigo: 7212001,
  disabledByReseller: 7212002,
  ipNotAllowed: 7212003,
  idNotFound: 7212004,
  idCannotRecharge: 7212005,
  resellerNotBound: 7212006,
  overLimit: 7212008,
  currencyNotSupported: 7212009,
  orderDuplicated: 7212010,
  balanceTooLow: 7212011,
  tooFrequent: 7212012,
  otherError: 500001,
} as const;

export const RESCODE_MESSAGES: Readonly<Record<number, string>> = {
  [RESCODE.ok]: 'Success',
  [RESCODE.badParameter]: "The request parameter is illegal. For detailed information, see 'message'",
  [RESCODE.disabledByBigo]: 'The recharge API was disable by Bigo',
  [RESCODE.disabledByReseller]: 'The recharge API was disable by the third-party website',
  [RESCODE.ipNotAllowed]: 'The request source is not within the authorized IP',
  [RESCODE.idNotFound]: 'recharge_bigoid is not existed',
  [RESCODE.idCannotRecharge]: 'recharge_bigoid cannot be recharged',
  [RESCODE.resellerNotBound]: 'The reseller_bigoid is not bind with the client_id',
  [RESCODE.overLimit]: 'The number of filled diamonds exceeds the upper limit',
  [RESCODE.currencyNotSupported]: "'currency' not supported, refer to Supported currencies",
  [RESCODE.orderDuplicated]: 'orderid is duplicated',
  [RESCODE.balanceTooLow]: 'insufficient balance',
  [RESCODE.tooFrequent]: 'request frequently, just wait a second to call',
  [RESCODE.otherError]: 'Other errors, contact Bigo team',
};

export const SUPPORTED_CURRENCIES: ReadonlySet<string> = new Set(
  (
    'USD CNY TWD MYR THB TRY PHP AUD IDR KRW INR HKD SGD MMK JPY EUR NGN DKK UAH ILS IQD RUB BGN HRK CHF CAD GHS ' +
    'HUF ZAR QAR KZT COP CRC TZS EGP RSD MXN BDT PKR PYG BRL NOK CZK MAD LKR NZD CLP GEL SAR PLN MOP BOB SEK GBP ' +
    'PEN JOD RON KES VND DZD AED LBP'
  ).split(' '),
);

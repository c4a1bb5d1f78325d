/**
 * The channels the built-in Fiuu plays when its hosted page is opened on one (issue #30), written from Fiuu's "API
 * Spec for Merchant" v13.86 (github.com/FiuuPayment/Documentation-Fiuu_API_Spec, commit 30bee33), independently of
 * the shop's own table:
 *
 * - "Payment URL": `…/RMS/pay/{MerchantID}/{Payment_Method}`: "Payment channel can be identified by using channel
 *   filename, or pass the channel parameter to index.php using GET/POST method"; the request parameter `channel`:
 *   "Default payment page will be displayed without channel specified";
 * - "Channel Lists": each channel's filename and `channel` value (Malaysia pp. 24–29, Singapore p. 31,
 *   Multi-Currency p. 23);
 * - "Value of 'channel' in return URL": what the result reports; a card is reported as `Credit`.
 */

export type SandboxChannelKind = 'fpx' | 'wallet' | 'card';

export interface SandboxChannel {
  /** The `channel` column. */
  code: string;
  kind: SandboxChannelKind;
  /** The spec's "Channel Name". */
  name: string;
  /** "Value of channel in return URL". */
  reported: string;
}

const fpx = (code: string, name: string): SandboxChannel => ({
  code,
  kind: 'fpx',
  name: `FPX B2C ${name}`,
  reported: code,
});
const wallet = (code: string, name: string): SandboxChannel => ({
  code,
  kind: 'wallet',
  name,
  reported: code,
});
const card = (code: string): SandboxChannel => ({
  code,
  kind: 'card',
  name: 'Visa / MasterCard',
  reported: 'Credit',
});

/** FPX B2C banks ("Malaysia", FPX B2C rows). */
export const SANDBOX_FPX_BANKS: readonly SandboxChannel[] = [
  fpx('FPX_MB2U', 'Maybank'),
  fpx('FPX_CIMBCLICKS', 'CIMBClicks'),
  fpx('FPX_PBB', 'Public Bank'),
  fpx('FPX_RHB', 'RHB Bank'),
  fpx('FPX_HLB', 'Hong Leong'),
  fpx('FPX_AMB', 'AmOnline'),
  fpx('FPX_BIMB', 'Bank Islam'),
  fpx('FPX_ABMB', 'Alliance Bank'),
  fpx('FPX_ABB', 'Affin Bank'),
  fpx('FPX_BKRM', 'Bank Rakyat'),
  fpx('FPX_BMMB', 'Bank Muamalat'),
  fpx('FPX_BSN', 'Bank Simpanan Nasional'),
  fpx('FPX_OCBC', 'OCBC'),
  fpx('FPX_SCB', 'Standard Chartered'),
  fpx('FPX_UOB', 'United Overseas Bank'),
  fpx('FPX_HSBC', 'HSBC Bank'),
  fpx('FPX_KFH', 'Kuwait Finance House'),
  fpx('FPX_AGROBANK', 'Agrobank'),
  fpx('FPX_BOCM', 'Bank Of China'),
];

/** filename → channel. `fpx.php` is "FPX B2C (all supported banks)": the buyer picks the bank on the page. */
const BY_FILENAME = new Map<string, SandboxChannel>([
  ['index.php', card('credit')],
  ['indexAN.php', card('creditAN')],
  ['indexT.php', card('creditT')],
  ['fpx.php', { code: 'fpx', kind: 'fpx', name: 'FPX B2C', reported: 'FPX' }],
  ...SANDBOX_FPX_BANKS.map((c): [string, SandboxChannel] => [`${c.code}.php`, c]),
  ['RPP_DuitNowQR.php', wallet('RPP_DuitNowQR', 'DuitNow QR')],
  ['TNG-EWALLET.php', wallet('TNG-EWALLET', 'Touch N’ Go E-WALLET')],
  ['BOOST.php', wallet('BOOST', 'BOOST')],
  ['GrabPay.php', wallet('GrabPay', 'GrabPay')],
  ['ShopeePay.php', wallet('ShopeePay', 'ShopeePay')],
  ['PayNow.php', wallet('PayNow', 'PayNow')],
  ['GrabPay_SG.php', wallet('GrabPay_SG', 'GrabPay (SGD)')],
]);

const BY_CODE = new Map([...BY_FILENAME.values()].map((c) => [c.code.toLowerCase(), c]));

export const sandboxChannelByFile = (file: string): SandboxChannel | undefined => BY_FILENAME.get(file);
export const sandboxChannelByCode = (code: string): SandboxChannel | undefined =>
  BY_CODE.get(code.toLowerCase());
export const sandboxFpxBank = (code: string): SandboxChannel | undefined =>
  SANDBOX_FPX_BANKS.find((c) => c.code === code);

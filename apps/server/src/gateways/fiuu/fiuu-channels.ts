import type { TCurrency, TPaymentChannel, TPaymentChannelKind } from '@ezrecharge/shared';

/**
 * Fiuu's payment channels the shop offers on its own page (issue #30), from Fiuu's "API Spec for Merchant" v13.86
 * (github.com/FiuuPayment/Documentation-Fiuu_API_Spec at 30bee33, "[official API] Fiuu API Spec for Merchant
 * (v13.86).pdf"):
 *
 * - "Channel Lists" (pp. 24–31): per channel its `filename`, its `channel` parameter and its "Payable Amount Range";
 * - "Payment URL" (p. 23): `https://pay.fiuu.com/RMS/pay/{MerchantID}/{Payment_Method}`, where "Payment channel can
 *   be identified by using channel filename, or pass the channel parameter to index.php using GET/POST method", and
 *   the request parameter `channel` ("optional, predefined string. Refer to the channel column in the Channel Lists.
 *   Default payment page will be displayed without channel specified");
 * - "Value of 'channel' in return URL" (pp. 43–45) and "… in notification and callback URL": the names a result
 *   post reports the channel by; some differ from the request's (a card is reported as `Credit`, Maybank2u as
 *   `FPX_MB2U` or `MB2u`), so a chosen channel matches any of its `reported` names, in any case.
 *
 * Amounts are the spec's "Payable Amount Range": every channel below says "> 1.00" (in the channel's currency), so
 * the least payable amount is 1.01. Where our design notes disagree the vendor wins: issue #30 wrote "FPX: 1 to
 * 30 000 MYR", Fiuu writes "> 1.00". Fiuu's table gives FPX B2C no maximum; 30 000 MYR is PayNet's per-transaction
 * limit of FPX B2C (retail internet banking) that issue #30 names, so we keep it as FPX's maximum.
 */

export interface FiuuChannel {
  /** The spec's `channel` parameter (the request's name of the channel). */
  code: string;
  /** The spec's `filename` of the hosted page opened on this channel. */
  filename: string;
  kind: TPaymentChannelKind;
  /** The channel's name for the buyer (the spec's "Channel Name", shortened to the name buyers know). */
  name: string;
  currencies: readonly TCurrency[];
  /** Minor units, inclusive. */
  min: number;
  /** Minor units, inclusive; null: Fiuu names no maximum. */
  max: number | null;
  /** The names result posts report it by (its code included), compared in any case. */
  reported: readonly string[];
}

/** "> 1.00" in the spec's amount column. */
const ABOVE_ONE = 101;
/** PayNet's FPX B2C per-transaction maximum, RM 30 000 (issue #30); not in Fiuu's table. */
const FPX_B2C_MAX = 3_000_000;

const fpx = (code: string, name: string, ...aliases: string[]): FiuuChannel => ({
  code,
  filename: `${code}.php`,
  kind: 'fpx',
  name,
  currencies: ['MYR'],
  min: ABOVE_ONE,
  max: FPX_B2C_MAX,
  reported: [code, ...aliases],
});

const wallet = (
  code: string,
  name: string,
  currencies: readonly TCurrency[],
  kind: TPaymentChannelKind = 'ewallet',
): FiuuChannel => ({
  code,
  filename: `${code}.php`,
  kind,
  name,
  currencies,
  min: ABOVE_ONE,
  max: null,
  reported: [code],
});

const card = (code: string, filename: string, currencies: readonly TCurrency[]): FiuuChannel => ({
  code,
  filename,
  kind: 'card',
  name: 'Visa / Mastercard',
  currencies,
  min: ABOVE_ONE,
  max: null,
  // "Credit/Debit/Prepaid card (Visa/MasterCard)" is reported as `Credit` (return URL table).
  reported: [code, 'Credit'],
});

/**
 * Every channel the shop knows, in the order the storefront lists them. FPX B2C banks (spec p. 24, aliases from the
 * return-URL table p. 44), DuitNow QR and the Malaysian e-wallets (p. 29), the Malaysian card page `index.php`
 * (`credit`, p. 24), Singapore's PayNow and GrabPay (p. 31), the card page `indexAN.php` (`creditAN`: MYR, SGD, PHP)
 * and the multi-currency card page `indexT.php` (`creditT`: 51 currencies, USD and CNY among them, p. 23).
 */
export const FIUU_CHANNELS: readonly FiuuChannel[] = [
  fpx('FPX_MB2U', 'Maybank2u', 'MB2u'),
  fpx('FPX_CIMBCLICKS', 'CIMB Clicks', 'CIMB-Clicks'),
  fpx('FPX_PBB', 'Public Bank', 'PBeBank'),
  fpx('FPX_RHB', 'RHB Bank', 'RHB-ONL'),
  fpx('FPX_HLB', 'Hong Leong Bank', 'HLB-ONL', 'PEXPLUS'),
  fpx('FPX_AMB', 'AmBank', 'AMB-W2W'),
  fpx('FPX_BIMB', 'Bank Islam'),
  fpx('FPX_ABMB', 'Alliance Bank', 'ALB-ONL'),
  fpx('FPX_ABB', 'Affin Bank', 'Affin-EPG'),
  fpx('FPX_BKRM', 'Bank Rakyat'),
  fpx('FPX_BMMB', 'Bank Muamalat'),
  fpx('FPX_BSN', 'BSN'),
  fpx('FPX_OCBC', 'OCBC Bank'),
  fpx('FPX_SCB', 'Standard Chartered'),
  fpx('FPX_UOB', 'UOB'),
  fpx('FPX_HSBC', 'HSBC Bank'),
  fpx('FPX_KFH', 'Kuwait Finance House'),
  fpx('FPX_AGROBANK', 'Agrobank'),
  fpx('FPX_BOCM', 'Bank of China'),
  wallet('RPP_DuitNowQR', 'DuitNow QR', ['MYR'], 'qr'),
  wallet('TNG-EWALLET', "Touch 'n Go eWallet", ['MYR']),
  wallet('GrabPay', 'GrabPay', ['MYR']),
  wallet('ShopeePay', 'ShopeePay', ['MYR']),
  wallet('BOOST', 'Boost', ['MYR']),
  card('credit', 'index.php', ['MYR']),
  wallet('PayNow', 'PayNow', ['SGD'], 'qr'),
  wallet('GrabPay_SG', 'GrabPay', ['SGD']),
  card('creditAN', 'indexAN.php', ['SGD']),
  card('creditT', 'indexT.php', ['USD', 'CNY']),
];

const BY_CODE = new Map(FIUU_CHANNELS.map((c) => [c.code.toLowerCase(), c]));

/** The channel of a request code, in any case; undefined for a code the shop does not know. */
export function fiuuChannel(code: string): FiuuChannel | undefined {
  return BY_CODE.get(code.trim().toLowerCase());
}

/** The codes FIUU_CHANNELS may name (config.ts checks the variable against them). */
export const FIUU_CHANNEL_CODES: readonly string[] = FIUU_CHANNELS.map((c) => c.code);

/**
 * The channels offered for a currency: every known one of it, or only those `enabled` names (FIUU_CHANNELS: the
 * channels the merchant account has switched on), in the table's order.
 */
export function fiuuChannelsFor(currency: TCurrency, enabled?: readonly string[]): FiuuChannel[] {
  const only = enabled ? new Set(enabled.map((c) => c.toLowerCase())) : null;
  return FIUU_CHANNELS.filter(
    (c) => c.currencies.includes(currency) && (only === null || only.has(c.code.toLowerCase())),
  );
}

/** The hosted page of one channel: `{payment host}/RMS/pay/{merchant}/{filename}` (spec "Payment URL"). */
export function fiuuChannelPageUrl(paymentUrl: string, merchantId: string, channel: FiuuChannel): string {
  return `${paymentUrl.replace(/\/+$/, '')}/RMS/pay/${merchantId}/${channel.filename}`;
}

/** Whether a result's reported channel is the chosen one (any of its reported names, in any case). */
export function fiuuSameChannel(chosen: FiuuChannel, reported: string): boolean {
  const name = reported.trim().toLowerCase();
  return chosen.reported.some((r) => r.toLowerCase() === name);
}

/**
 * Whether the channel a result reports is the one the buyer chose (both as the order stores them): a known channel
 * by any of its reported names, an unknown one (a code from before FIUU_CHANNELS changed) by its own name.
 */
export function fiuuSameChosenChannel(chosen: string, reported: string): boolean {
  const channel = fiuuChannel(chosen);
  return channel ? fiuuSameChannel(channel, reported) : chosen.toLowerCase() === reported.toLowerCase();
}

/** A channel as the storefront sees it. */
export function publicChannel(channel: FiuuChannel): TPaymentChannel {
  return {
    code: channel.code,
    kind: channel.kind,
    name: channel.name,
    min: channel.min,
    max: channel.max,
    reported: [...channel.reported],
  };
}

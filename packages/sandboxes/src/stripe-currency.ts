/**
 * How Stripe's API counts each currency (docs.stripe.com/currencies: "Zero-decimal currencies", "Three-decimal
 * currencies", "Special cases"), as the built-in Stripe needs it: to show an amount on its Checkout page and to refuse
 * what Stripe refuses. The sandbox's own copy: it shares nothing with the shop's currency table.
 */

const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

/** Digits after the decimal point in Stripe's `amount` for a currency. */
export function stripeDecimals(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * Why Stripe refuses this amount in this currency, or null: three-decimal currencies must end in 0 ("round amounts to
 * the nearest ten"), ISK must be whole krónur (a multiple of 100, "ISK … two-decimal … evenly divisible by 100").
 */
export function stripeAmountProblem(amount: number, currency: string): string | null {
  const code = currency.toLowerCase();
  if (THREE_DECIMAL.has(code) && amount % 10 !== 0) {
    return `Amounts in ${code.toUpperCase()} must have 0 as their last digit.`;
  }
  if (code === 'isk' && amount % 100 !== 0) return 'Amounts in ISK must be evenly divisible by 100.';
  return null;
}

/** An amount as the Checkout page shows it: JPY 500 → '500', SGD 2760 → '27.60', KWD 1250 → '1.250'. */
export function stripeDisplayAmount(amount: number, currency: string): string {
  const decimals = stripeDecimals(currency);
  if (decimals === 0) return String(amount);
  const digits = String(amount).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

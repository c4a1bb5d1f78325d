/**
 * The payment methods of the sandbox's Stripe account (a business in Singapore with cards, Alipay and WeChat Pay
 * switched on), and how a Checkout Session chooses among them, from Stripe's documents:
 *
 * - "Removes the payment method types parameter from Checkout Sessions" (changelog 2026-09-30.endive): a create
 *   no longer takes `payment_method_types`; `allowed_payment_method_types` filters the dynamic methods to those
 *   compatible with the session (its currency), and the session's `payment_method_types` shows the result;
 * - each method's "Determine compatibility": Alipay presents aud, cad, cny, eur, gbp, hkd, jpy, nzd, sgd, usd, myr;
 *   WeChat Pay aud, cad, cny, eur, gbp, hkd, jpy, sgd, usd, dkk, nok, sek, chf and needs
 *   `payment_method_options[wechat_pay][client]` (web, ios or android); cards present every currency.
 */

const PRESENTS: Readonly<Record<string, readonly string[] | null>> = {
  card: null,
  alipay: ['aud', 'cad', 'cny', 'eur', 'gbp', 'hkd', 'jpy', 'nzd', 'sgd', 'usd', 'myr'],
  wechat_pay: ['aud', 'cad', 'cny', 'eur', 'gbp', 'hkd', 'jpy', 'sgd', 'usd', 'dkk', 'nok', 'sek', 'chf'],
};

export const METHOD_NAMES: Readonly<Record<string, string>> = {
  card: 'Card / 银行卡',
  alipay: 'Alipay / 支付宝',
  wechat_pay: 'WeChat Pay / 微信支付',
};

const presents = (method: string, currency: string): boolean => {
  const list = PRESENTS[method];
  return list === null || (list?.includes(currency) ?? false);
};

/** The indexed values of a form array (`name[0]`, `name[1]`…), in order. */
function indexed(fields: Record<string, string>, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; fields[`${name}[${i}]`] !== undefined; i++) values.push(fields[`${name}[${i}]`] ?? '');
  return values;
}

/**
 * The session's `payment_method_types` for a create's fields, or the error Stripe answers: `payment_method_types`
 * is an unknown parameter in this API version; an allowed type the account does not have, or a list that leaves
 * nothing for the currency, is refused; WeChat Pay without its client is refused.
 */
export function sessionMethodTypes(
  fields: Record<string, string>,
  currency: string,
): { types: string[]; wechatClient: string | null } | { error: string; param: string } {
  if (Object.keys(fields).some((k) => k.startsWith('payment_method_types'))) {
    return { error: 'Received unknown parameter: payment_method_types', param: 'payment_method_types' };
  }
  const allowed = indexed(fields, 'allowed_payment_method_types');
  const unknown = allowed.find((m) => !(m in PRESENTS));
  if (unknown !== undefined) {
    return {
      error: `The payment method type provided: ${unknown} is invalid or not activated on this account.`,
      param: 'allowed_payment_method_types',
    };
  }
  const types = (allowed.length > 0 ? allowed : Object.keys(PRESENTS)).filter((m) => presents(m, currency));
  if (types.length === 0) {
    return {
      error: `None of the allowed payment method types can be used with currency ${currency}.`,
      param: 'allowed_payment_method_types',
    };
  }
  const wechatClient = fields['payment_method_options[wechat_pay][client]'] ?? null;
  if (wechatClient !== null && !['web', 'ios', 'android'].includes(wechatClient)) {
    return {
      error: 'Invalid payment_method_options[wechat_pay][client]: must be one of web, ios, or android',
      param: 'payment_method_options[wechat_pay][client]',
    };
  }
  if (types.includes('wechat_pay') && wechatClient === null) {
    if (allowed.length > 0) {
      return {
        error:
          'payment_method_options[wechat_pay][client] is required when wechat_pay is an allowed payment method type.',
        param: 'payment_method_options[wechat_pay][client]',
      };
    }
    // Dynamic methods without the client: Checkout leaves WeChat Pay out.
    return { types: types.filter((m) => m !== 'wechat_pay'), wechatClient };
  }
  return { types, wechatClient };
}

import { MESSAGES } from '@ezrecharge/shared/message-texts';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import type { TPack } from '../components/price-tiles';
import { loadOrderRules, type TOrderRules } from './order-rules';
import {
  checkedOrder,
  commitPayloadOf,
  fieldError,
  promoOutcome,
  quoteInputOf,
  sameOrder,
  type TCheckContext,
  totalText,
} from './recharge-rules';
import {
  fieldLabels,
  fromDraft,
  INITIAL,
  type TRechargeValues,
  toDraft,
  wholeQuantityOf,
} from './recharge-values';

/**
 * The recharge form's rules (components/use-recharge-form.ts) without a screen: what each field says, when the
 * bonuses are quoted, what the total and the promo field show, and the order that is sent.
 */

const SMALL: TPack = { id: 11, currency: 'SGD', game_amount: 100, unit_amount: 250 };
const BIG: TPack = { id: 12, currency: 'SGD', game_amount: 42_000, unit_amount: 99_900 };

let rules: TOrderRules;
beforeAll(async () => {
  rules = await loadOrderRules();
});
beforeEach(() => setLanguage('en'));

const values = (changed: Partial<TRechargeValues> = {}): TRechargeValues => ({ ...INITIAL, ...changed });
const context = (changed: Partial<TCheckContext> = {}): TCheckContext => ({
  rules,
  labels: fieldLabels(i18n.getFixedT('en', 'recharge')),
  packs: [SMALL, BIG],
  withEmail: true,
  ...changed,
});

function quote(changed: Partial<TRewardQuote> = {}): TRewardQuote {
  return { amount_game: 0, bonuses: [], bonus_game: 0, promo: null, channel_offers: [], ...changed };
}

describe('fieldError', () => {
  it('says nothing while the rules load (the fields are checked once they arrive)', () => {
    expect(fieldError('game_id', values(), context({ rules: undefined }))).toBeUndefined();
  });

  it('says each field’s first failing rule in SPEC.md’s words', () => {
    const empty = values({ quantity: '', email: 'not an e-mail' });
    expect(fieldError('pay_currency', empty, context())).toBe(MESSAGES.payment_currency_code_tips);
    expect(fieldError('price_id', empty, context())).toBe(MESSAGES.payment_price_id_tips);
    expect(fieldError('quantity', empty, context())).toBe(MESSAGES.payment_quantity_tips);
    expect(fieldError('game_id', empty, context())).toBe(MESSAGES.payment_game_id_tips);
    expect(fieldError('email', empty, context())).toBe(MESSAGES.payment_email_tips);
    expect(fieldError('promo_code', values({ promo_code: '!!' }), context())).toBe(
      MESSAGES.promo_code_format,
    );
  });

  it('accepts a quantity up to 100,000 diamonds of the chosen pack, and no more', () => {
    expect(fieldError('quantity', values({ price_id: BIG.id, quantity: '2' }), context())).toBeUndefined();
    expect(fieldError('quantity', values({ price_id: BIG.id, quantity: '3' }), context())).toBe(
      MESSAGES.payment_quantity_tips,
    );
    // Without a pack, only the number itself is checked.
    expect(fieldError('quantity', values({ quantity: '3' }), context())).toBeUndefined();
  });

  it('asks for no e-mail on the signed-in page', () => {
    expect(fieldError('email', values({ email: '' }), context({ withEmail: false }))).toBeUndefined();
  });
});

describe('quoteInputOf', () => {
  it('asks for a quote only with a pack and a whole quantity an order may hold', () => {
    const typed = values({ quantity: '2', game_id: 'Star88' });
    expect(quoteInputOf(undefined, typed, '', rules)).toBeUndefined();
    for (const quantity of ['', '0', '1.5', 'x', '3']) {
      expect(quoteInputOf(BIG, { ...typed, quantity }, '', rules)).toBeUndefined();
    }
    expect(quoteInputOf(BIG, typed, 'BONUS100', rules)).toEqual({
      price_id: BIG.id,
      quantity: 2,
      game_id: 'Star88',
      promo_code: 'BONUS100',
    });
  });

  it('sends the BIGO ID as it will be used, and only once it is valid and the rules are in', () => {
    const typed = values({ quantity: '1', game_id: ' ID: Star88 ' });
    expect(quoteInputOf(SMALL, typed, '', rules)?.game_id).toBe('Star88');
    expect(quoteInputOf(SMALL, { ...typed, game_id: '' }, '', rules)?.game_id).toBe('');
    expect(quoteInputOf(SMALL, typed, '', undefined)?.game_id).toBe('');
  });
});

it('sameOrder: a quote for another BIGO ID is for the same order; another pack, quantity or code is not', () => {
  const order = { price_id: 11, quantity: 2, game_id: 'Star88', promo_code: '' };
  expect(sameOrder(order, { ...order, game_id: 'Other' })).toBe(true);
  expect(sameOrder(order, { ...order, quantity: 3 })).toBe(false);
  expect(sameOrder(order, { ...order, price_id: 12 })).toBe(false);
  expect(sameOrder(order, { ...order, promo_code: 'BONUS100' })).toBe(false);
  expect(sameOrder(order, undefined)).toBe(false);
});

describe('totalText', () => {
  const t = () => i18n.getFixedT(i18n.language, 'recharge');

  it('asks for a package until there is one', () => {
    expect(totalText(t(), undefined, values(), undefined)).toBe('Choose a package');
    expect(totalText(t(), undefined, values({ quantity: '0' }), undefined, 'Quantity: too small')).toBe(
      'Choose a package',
    );
  });

  it('with a package, shows the quantity’s own message for a quantity no order may hold (issue #32)', async () => {
    expect(totalText(t(), SMALL, values({ quantity: '0' }), undefined, 'Quantity: too small')).toBe(
      'Quantity: too small',
    );
    expect(totalText(t(), SMALL, values({ quantity: '' }), undefined)).toBe('Enter a quantity');
    await setLanguage('zh');
    expect(totalText(t(), SMALL, values({ quantity: '0' }), undefined)).toBe('请输入数量');
    await setLanguage('en');
  });

  it('multiplies the pack by the quantity, with the quoted bonus diamonds, in the active language', async () => {
    expect(totalText(t(), SMALL, values({ quantity: '3' }), quote())).toBe('300 diamonds · SGD 7.50');
    expect(totalText(t(), SMALL, values({ quantity: '3' }), quote({ bonus_game: 50 }))).toBe(
      '300 + 50 bonus diamonds · SGD 7.50',
    );
    await setLanguage('zh');
    expect(totalText(t(), SMALL, values({ quantity: '3' }), undefined)).toBe('300 颗钻石 · SGD 7.50');
  });
});

describe('promoOutcome', () => {
  const bonus = { kind: 'code', name: 'BONUS100', code: 'BONUS100', diamonds: 100, state: 'quoted' } as const;
  const refused = (reason_key: string | null, reason: string | null) =>
    quote({ promo: { code: 'NOPE', applied: false, reason_key, reason } as TRewardQuote['promo'] });

  it('shows the bonus of the applied code, and nothing for a quote of another code', () => {
    const applied = quote({
      bonuses: [bonus],
      promo: { code: 'BONUS100', applied: true, reason_key: null, reason: null },
    });
    expect(promoOutcome(applied, 'BONUS100', 'Promo code')).toEqual({ bonus });
    expect(promoOutcome(applied, 'OTHER', 'Promo code')).toEqual({});
    expect(promoOutcome(undefined, 'BONUS100', 'Promo code')).toEqual({});
  });

  it('says a refusal in the active language, else in the server’s words, else that the field is not valid', () => {
    expect(promoOutcome(refused('promo_not_found', 'x'), 'NOPE', 'Promo code').refusal).toBe(
      MESSAGES.promo_not_found,
    );
    expect(promoOutcome(refused('no_such_key', 'Not today'), 'NOPE', 'Promo code').refusal).toBe('Not today');
    expect(promoOutcome(refused(null, null), 'NOPE', 'Promo code').refusal).toBe(
      i18n.t('validation:field_invalid').replace('{field}', 'Promo code'),
    );
  });
});

describe('checkedOrder', () => {
  const typed = values({
    pay_currency: 'SGD',
    price_id: SMALL.id,
    quantity: '2',
    game_id: 'Star88',
    email: ' buyer@example.com ',
  });
  const checking = (failing: string[] = []) => {
    const asked: string[] = [];
    const check = (name: string) => {
      asked.push(name);
      return !failing.includes(name);
    };
    return { asked, check };
  };

  it('checks in SPEC.md’s order, the e-mail on the public page only and the promo code last, then sends', () => {
    const pub = checking();
    expect(checkedOrder(typed, [SMALL], 'recharge', pub.check)).toMatchObject({
      email: 'buyer@example.com',
      payload: { price_id: SMALL.id, quantity: 2, amount: 500, page_info: 'recharge' },
    });
    expect(pub.asked).toEqual(['pay_currency', 'price_id', 'quantity', 'game_id', 'email', 'promo_code']);
    const signedIn = checking();
    expect(checkedOrder(typed, [SMALL], 'ezrecharge', signedIn.check)?.email).toBe('');
    expect(signedIn.asked).not.toContain('email');
  });

  it('stops at the first failing field, sends nothing and puts the focus there', () => {
    document.body.innerHTML = '<input id="recharge_quantity"><input id="recharge_game_id">';
    const stopped = checking(['quantity', 'game_id']);
    expect(checkedOrder(typed, [SMALL], 'recharge', stopped.check)).toBeUndefined();
    expect(stopped.asked).toEqual(['pay_currency', 'price_id', 'quantity']);
    expect(document.activeElement?.id).toBe('recharge_quantity');
    document.body.innerHTML = '';
  });
});

it('commitPayloadOf: the amounts of the pack times the quantity, the ID and code as they will be used', () => {
  const all = values({ game_id: ' ID: Star88 ', promo_code: ' bonus100 ' });
  expect(commitPayloadOf(SMALL, 3, all, 'recharge')).toEqual({
    game_type: 1,
    game_id: 'Star88',
    price_id: SMALL.id,
    quantity: 3,
    amount: 750,
    amount_game: 300,
    pay_currency: 'SGD',
    token: '',
    page_info: 'recharge',
    promo_code: 'BONUS100',
  });
  expect(commitPayloadOf(SMALL, 1, values(), 'ezrecharge')).not.toHaveProperty('promo_code');
});

describe('the entries and their draft', () => {
  it('takes a quantity as whole numbers above 0 only', () => {
    expect(['1', ' 7 ', '', '0', '-1', '1.5', 'x'].map(wholeQuantityOf)).toEqual([
      1,
      7,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('keeps the entries across the language toggle’s reload as typed (an unreadable quantity as none)', () => {
    const typed = values({
      product_id: '4',
      pay_currency: 'SGD',
      price_id: 11,
      quantity: '3',
      promo_code: 'b',
    });
    expect(fromDraft(toDraft(typed))).toEqual(typed);
    expect(toDraft(values({ quantity: 'x', pay_currency: 'XYZ' }))).toMatchObject({
      quantity: null,
      pay_currency: undefined,
    });
    expect(fromDraft(undefined)).toEqual(INITIAL);
  });
});

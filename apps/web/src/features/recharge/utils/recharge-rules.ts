import { normaliseBigoId } from '@ezrecharge/shared/bigo-id';
import { GAME_TYPE, MAX_ORDER_DIAMONDS } from '@ezrecharge/shared/limits';
import { MSG } from '@ezrecharge/shared/messages';
import { normalizePromoCode } from '@ezrecharge/shared/rewards';
import type {
  TOrderCommitPayloadInput,
  TOrderPageInfo,
  TRewardQuoteInput,
} from '@ezrecharge/shared/schemas/orders';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import type { TFunction } from 'i18next';
import { invalidFieldMessage, messageTextOf, zodMessage } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import type { TCommitOrderInput } from '../api/commit-order';
import type { TPack } from '../components/price-tiles';
import type { TOrderRules } from './order-rules';
import {
  focusField,
  quantityOf,
  type TFieldName,
  type TRechargeValues,
  wholeQuantityOf,
} from './recharge-values';

/** Server names of values the form shows elsewhere: the totals follow the package and the quantity. */
export const SERVER_ALIASES = { amount: 'price_id', amount_game: 'quantity' };
/** SPEC.md §5 "Recharge submit": the checks in this order, stopping at the first failure. */
const CHECK_ORDER: readonly TFieldName[] = ['pay_currency', 'price_id', 'quantity', 'game_id'];

/** What a field's check needs besides the values. */
export interface TCheckContext {
  /** The loaded rules (utils/order-rules.ts), else undefined. */
  rules: TOrderRules | undefined;
  /** The fields' visible names, for their messages. */
  labels: Record<TFieldName, string>;
  /** The packs of the chosen currency. */
  packs: readonly TPack[];
  /** Whether the page asks for the e-mail (the public /recharge). */
  withEmail: boolean;
}

/**
 * The message of the field's first failing rule for these values, or undefined (also while the rules load: the
 * fields left meanwhile are checked when they arrive, and sending waits for them).
 */
export function fieldError(
  name: TFieldName,
  all: TRechargeValues,
  { rules, labels, packs, withEmail }: TCheckContext,
): string | undefined {
  if (!rules) return undefined;
  const { ZBigoId, ZOrderCommitPayload, ZOrderEmail, ZOrderQuantity } = rules.orders;
  const PAYLOAD = ZOrderCommitPayload.shape;
  switch (name) {
    case 'pay_currency':
      return zodMessage(PAYLOAD.pay_currency, labels.pay_currency, all.pay_currency || undefined);
    case 'price_id':
      return zodMessage(PAYLOAD.price_id, labels.price_id, all.price_id);
    case 'quantity': {
      const quantity = quantityOf(all.quantity);
      const message = zodMessage(ZOrderQuantity, labels.quantity, quantity);
      if (message !== undefined) return message;
      const chosen = packs.find((candidate) => candidate.id === all.price_id);
      return chosen && quantity !== null && quantity * chosen.game_amount > MAX_ORDER_DIAMONDS
        ? messageTextOf(MSG.payment_quantity_tips)
        : undefined;
    }
    case 'game_id':
      return zodMessage(ZBigoId, labels.game_id, all.game_id);
    case 'email':
      return withEmail ? zodMessage(ZOrderEmail, labels.email, all.email) : undefined;
    case 'promo_code':
      return zodMessage(rules.rewards.ZPromoCode, labels.promo_code, all.promo_code);
    default:
      return undefined;
  }
}

/**
 * Issue #16: the bonus quote's request for the order as it stands (the applied code, the BIGO ID once it is valid),
 * or undefined while there is no pack or the quantity is not one an order may hold.
 */
export function quoteInputOf(
  pack: TPack | undefined,
  all: TRechargeValues,
  appliedCode: string,
  rules: TOrderRules | undefined,
): TRewardQuoteInput | undefined {
  const quantity = wholeQuantityOf(all.quantity);
  if (!pack || quantity === undefined || quantity * pack.game_amount > MAX_ORDER_DIAMONDS) return undefined;
  const bigoId = rules?.orders.ZBigoId.safeParse(all.game_id);
  return {
    price_id: pack.id,
    quantity,
    game_id: bigoId?.success ? bigoId.data : '',
    promo_code: appliedCode,
  };
}

/** Whether two quote requests are for the same order (the BIGO ID only changes who may use a bonus). */
export const sameOrder = (a: TRewardQuoteInput | undefined, b: TRewardQuoteInput | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.price_id === b.price_id &&
  a.quantity === b.quantity &&
  a.promo_code === b.promo_code;

/**
 * The total as the form shows it: the pack times the quantity, with the quoted bonus diamonds, in `t`'s language.
 * With a pack but no quantity an order may hold, the quantity's own message (`quantityError`, the field's), never
 * "Choose a package" (issue #32).
 */
export function totalText(
  t: TFunction,
  pack: TPack | undefined,
  all: TRechargeValues,
  quote: TRewardQuote | undefined,
  quantityError?: string,
): string {
  const quantity = wholeQuantityOf(all.quantity);
  if (!pack) return t('form.totalEmpty');
  if (quantity === undefined) return quantityError ?? t('form.totalNeedsQuantity');
  const amounts = {
    diamonds: formatDiamonds(pack.game_amount * quantity),
    price: formatPrice(pack.currency, pack.unit_amount * quantity),
  };
  return quote && quote.bonus_game > 0
    ? t('form.totalBonus', { ...amounts, bonus: formatDiamonds(quote.bonus_game) })
    : t('form.totalValue', amounts);
}

/** A quote's refusal of the code in the active language (its shared message, else the server's words). */
function refusalText(promo: NonNullable<TRewardQuote['promo']>, label: string): string {
  const key = `validation:${promo.reason_key ?? ''}`;
  if (promo.reason_key && i18n.exists(key)) return i18n.t(key);
  return promo.reason ?? invalidFieldMessage(label);
}

/**
 * Issue #16: what the quote says of the applied code: its refusal (the promo field's message), or the bonus it adds
 * (the field's hint). A quote of another code says nothing.
 */
export function promoOutcome(
  quote: TRewardQuote | undefined,
  appliedCode: string,
  label: string,
): { refusal?: string; bonus?: TRewardQuote['bonuses'][number] } {
  const promo = quote?.promo && quote.promo.code === appliedCode ? quote.promo : null;
  if (!promo) return {};
  if (!promo.applied) return { refusal: refusalText(promo, label) };
  return { bonus: quote?.bonuses.find((bonus) => bonus.kind === 'code' && bonus.code === promo.code) };
}

/**
 * SPEC.md §5 "Recharge submit": the order to send, once every field passes `check`, taken in SPEC.md's order (the
 * e-mail on the public page only, the optional promo code last); undefined at the first failing field, focused.
 */
export function checkedOrder(
  all: TRechargeValues,
  packs: readonly TPack[],
  pageInfo: TOrderPageInfo,
  check: (name: TFieldName) => boolean,
): TCommitOrderInput | undefined {
  const withEmail = pageInfo === 'recharge';
  for (const name of [...CHECK_ORDER, ...(withEmail ? ['email' as const] : []), 'promo_code' as const]) {
    if (!check(name)) {
      focusField(name);
      return undefined;
    }
  }
  const chosen = packs.find((candidate) => candidate.id === all.price_id);
  const quantity = quantityOf(all.quantity);
  if (!chosen || quantity === null) return undefined;
  return {
    payload: commitPayloadOf(chosen, quantity, all, pageInfo),
    email: withEmail ? all.email.trim() : '',
  };
}

/** The order the checked values make, as the commit sends it (wire-encrypted by api/commit-order.ts). */
export function commitPayloadOf(
  pack: TPack,
  quantity: number,
  all: TRechargeValues,
  pageInfo: TOrderPageInfo,
): TOrderCommitPayloadInput {
  const promoCode = normalizePromoCode(all.promo_code);
  return {
    game_type: GAME_TYPE,
    game_id: normaliseBigoId(all.game_id),
    price_id: pack.id,
    quantity,
    amount: pack.unit_amount * quantity,
    amount_game: pack.game_amount * quantity,
    pay_currency: pack.currency,
    // The server knows a signed-in buyer by the Bearer header; a copy of the token in the body adds nothing.
    token: '',
    page_info: pageInfo,
    // Issue #16: the code in the field (applied or not); the server decides it again in the commit.
    ...(promoCode ? { promo_code: promoCode } : {}),
  };
}

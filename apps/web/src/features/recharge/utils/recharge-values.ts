import { isCurrency } from '@ezrecharge/shared/money';
import type { TFunction } from 'i18next';
import {
  clearRechargeDraft,
  HANDOFF_DRAFT_TTL_MS,
  readRechargeDraft,
  saveRechargeDraft,
  type TRechargeDraft,
} from './recharge-draft';

/** The entries as the controls hold them: selects and inputs hold text, the tiles the chosen price id. */
export interface TRechargeValues {
  /** The product id as the select holds it ('' before the products load). */
  product_id: string;
  /** The currency code ('' while none is chosen). */
  pay_currency: string;
  price_id: number | undefined;
  /** As typed; a whole number above 0 to be valid. */
  quantity: string;
  game_id: string;
  email: string;
  /** As typed; optional (issue #16). */
  promo_code: string;
}

export type TFieldName = keyof TRechargeValues;
export type TErrors = Partial<Record<TFieldName, string>>;

export const INITIAL: TRechargeValues = {
  product_id: '',
  pay_currency: '',
  price_id: undefined,
  quantity: '1',
  game_id: '',
  email: '',
  promo_code: '',
};

/** The form's fields, for placing the server's `errors` under them. */
export const FIELDS: readonly TFieldName[] = [
  'product_id',
  'pay_currency',
  'price_id',
  'quantity',
  'game_id',
  'email',
  'promo_code',
];

/** The fields' visible names (their labels and the subject of their messages), in `t`'s language. */
export const fieldLabels = (t: TFunction): Record<TFieldName, string> => ({
  product_id: t('form.product'),
  pay_currency: t('form.currency'),
  price_id: t('form.price'),
  quantity: t('form.quantity'),
  game_id: t('form.gameId'),
  email: t('form.email'),
  promo_code: t('form.promoCode'),
});

export const idOf = (name: TFieldName): string => `recharge_${name}`;
export const errorIdOf = (name: TFieldName): string => `${idOf(name)}-error`;
export const hintIdOf = (name: TFieldName): string => `${idOf(name)}-hint`;

/** The typed quantity as a number for the checks: null when empty, NaN when not a number at all. */
export function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The typed quantity when it is a whole number above 0 (the total and the bonuses follow it), else undefined. */
export function wholeQuantityOf(text: string): number | undefined {
  const quantity = quantityOf(text);
  return quantity !== null && Number.isInteger(quantity) && quantity > 0 ? quantity : undefined;
}

/** The entries kept over the language toggle's reload (utils/recharge-draft.ts), read once, or undefined. */
export function takeDraftValues(): TRechargeValues | undefined {
  const draft = readRechargeDraft();
  clearRechargeDraft();
  return draft && fromDraft(draft);
}

/** Keeps the entries for the page the language toggle is about to load. */
export const keepDraftValues = (values: TRechargeValues): void => saveRechargeDraft(toDraft(values));

/** Keeps the entries as the buyer leaves for the payment page, for a Back that loads this page anew (issue #32). */
export const keepDraftForPayment = (values: TRechargeValues): void =>
  saveRechargeDraft(toDraft(values), Date.now(), HANDOFF_DRAFT_TTL_MS);

export function fromDraft(draft: TRechargeDraft | undefined): TRechargeValues {
  if (!draft) return INITIAL;
  return {
    product_id: draft.product_id === undefined ? '' : String(draft.product_id),
    pay_currency: draft.pay_currency ?? '',
    price_id: draft.price_id,
    quantity: draft.quantity === null ? '' : String(draft.quantity),
    game_id: draft.game_id,
    email: draft.email,
    promo_code: draft.promo_code ?? '',
  };
}

export function toDraft(values: TRechargeValues): TRechargeDraft {
  const productId = Number(values.product_id);
  const quantity = quantityOf(values.quantity);
  return {
    product_id: values.product_id && Number.isInteger(productId) ? productId : undefined,
    pay_currency: isCurrency(values.pay_currency) ? values.pay_currency : undefined,
    price_id: values.price_id,
    quantity: quantity !== null && Number.isFinite(quantity) ? quantity : null,
    game_id: values.game_id,
    email: values.email,
    promo_code: values.promo_code,
  };
}

/** Moves the focus to the field a check stopped at; the price tiles take it on the chosen (or first) pack. */
export function focusField(name: TFieldName): void {
  const element = document.getElementById(idOf(name));
  const target = element?.matches('input, select, [tabindex]')
    ? element
    : (element?.querySelector<HTMLElement>('input:checked') ?? element?.querySelector<HTMLElement>('input'));
  target?.focus();
}

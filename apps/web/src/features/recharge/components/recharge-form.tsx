import { normaliseBigoId } from '@ezrecharge/shared/bigo-id';
import { GAME_TYPE, MAX_ORDER_DIAMONDS } from '@ezrecharge/shared/limits';
import { MSG } from '@ezrecharge/shared/messages';
import { isCurrency, type TCurrency } from '@ezrecharge/shared/money';
import { normalizePromoCode } from '@ezrecharge/shared/rewards';
import type {
  TOrderCommitPayloadInput,
  TOrderPageInfo,
  TRewardQuoteInput,
} from '@ezrecharge/shared/schemas/orders';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { PaymentStalled } from '../../../components/payment-stalled';
import { Button } from '../../../components/ui/button';
import { Field, Select, TextInput } from '../../../components/ui/field';
import { LockIcon } from '../../../components/ui/icons';
import { invalidFieldMessage, messageTextOf, reportFieldErrors, zodMessage } from '../../../lib/form-rules';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import { onBeforeReload } from '../../../lib/navigation';
import { usePaymentHandoff } from '../../../lib/payment-handoff';
import { useErrorPopup } from '../../../lib/popup';
import { readLocal, STORAGE_KEYS } from '../../../lib/storage';
import { useCommitOrder } from '../api/commit-order';
import { useGetPrices, useGetProducts } from '../api/get-catalogue';
import { useRewardQuote } from '../api/get-quote';
import { likelyCurrency } from '../utils/likely-currency';
import { loadedOrderRules, loadOrderRules } from '../utils/order-rules';
import {
  clearRechargeDraft,
  readRechargeDraft,
  saveRechargeDraft,
  type TRechargeDraft,
} from '../utils/recharge-draft';
import { useSettled } from '../utils/use-settled';
import { PriceTiles, PriceTilesLoading, type TPack } from './price-tiles';
import { RewardLines } from './reward-lines';

/** The entries as the controls hold them: selects and inputs hold text, the tiles the chosen price id. */
interface TRechargeValues {
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

type TFieldName = keyof TRechargeValues;
type TErrors = Partial<Record<TFieldName, string>>;

const INITIAL: TRechargeValues = {
  product_id: '',
  pay_currency: '',
  price_id: undefined,
  quantity: '1',
  game_id: '',
  email: '',
  promo_code: '',
};

/** The form's fields, for placing the server's `errors` under them. */
const FIELDS: readonly TFieldName[] = [
  'product_id',
  'pay_currency',
  'price_id',
  'quantity',
  'game_id',
  'email',
  'promo_code',
];
/** Server names of values the form shows elsewhere: the totals follow the package and the quantity. */
const SERVER_ALIASES = { amount: 'price_id', amount_game: 'quantity' };
/** SPEC.md §5 "Recharge submit": the checks in this order, stopping at the first failure. */
const CHECK_ORDER: readonly TFieldName[] = ['pay_currency', 'price_id', 'quantity', 'game_id'];

const PRICE_LABEL_ID = 'recharge-price-label';
const TOTAL_LABEL_ID = 'recharge-total-label';

/** How long the entries must rest before the bonuses are quoted again (an Apply press quotes at once). */
export const QUOTE_DELAY_MS = 300;

const idOf = (name: TFieldName): string => `recharge_${name}`;
const errorIdOf = (name: TFieldName): string => `${idOf(name)}-error`;
const hintIdOf = (name: TFieldName): string => `${idOf(name)}-hint`;

/** The typed quantity as a number for the checks: null when empty, NaN when not a number at all. */
function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** A quote's refusal of the code in the active language (its shared message, else the server's words). */
function refusalText(promo: NonNullable<TRewardQuote['promo']>, label: string): string {
  const key = `validation:${promo.reason_key ?? ''}`;
  if (promo.reason_key && i18n.exists(key)) return i18n.t(key);
  return promo.reason ?? invalidFieldMessage(label);
}

/** Whether two quote requests are for the same order (the BIGO ID only changes who may use a bonus). */
const sameOrder = (a: TRewardQuoteInput | undefined, b: TRewardQuoteInput | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.price_id === b.price_id &&
  a.quantity === b.quantity &&
  a.promo_code === b.promo_code;

function fromDraft(draft: TRechargeDraft | undefined): TRechargeValues {
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

function toDraft(values: TRechargeValues): TRechargeDraft {
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
function focusField(name: TFieldName): void {
  const element = document.getElementById(idOf(name));
  const target = element?.matches('input, select, [tabindex]')
    ? element
    : (element?.querySelector<HTMLElement>('input:checked') ?? element?.querySelector<HTMLElement>('input'));
  target?.focus();
}

interface TRechargeFormProps {
  /** Which screen sends the order: 'recharge' asks for the e-mail, 'ezrecharge' uses the profile's. */
  pageInfo: TOrderPageInfo;
  /** Told the chosen currency whenever it changes (the posters follow it). */
  onCurrencyChange?: (currency: TCurrency | undefined) => void;
}

/**
 * The recharge form of /recharge and /ezrecharge (SPEC.md §2, §4, §5, §7): product (the first preselected),
 * currency (the buyer's likely one preselected, else the first; a change clears the package), the packs of that
 * currency, quantity, BIGO ID and, on the public page, the e-mail. A field is checked on change and on blur (the
 * selects and tiles on change), stopping at its first failing rule. Submitting checks the fields in SPEC.md's
 * order, stopping at the first failure, sends the wire-encrypted order and hands the buyer to the payment page; the
 * button spins and the form stays disabled from sending to leaving (and if the page is not left, PaymentStalled
 * offers that order's hand-off again). The entries survive the language toggle's reload (utils/recharge-draft).
 *
 * While the catalogue loads, the form is on screen in its final shape (the selects empty and disabled, placeholder
 * tiles where the packs go), so nothing moves when the products and packs arrive.
 */
export function RechargeForm({ pageInfo, onCurrencyChange }: TRechargeFormProps) {
  const { t } = useTranslation('recharge');
  const popup = useErrorPopup();
  const commit = useCommitOrder();
  const handoff = usePaymentHandoff();
  const withEmail = pageInfo === 'recharge';

  // The first render is the page as prerendered at build time (no draft: app/prerender.tsx), so it hydrates; what
  // the buyer had entered before the language toggle reloaded the page is put back before the first paint below.
  const [values, setValuesState] = useState<TRechargeValues>(INITIAL);
  const [errors, setErrors] = useState<TErrors>({});
  // The fields' rules (the shared schemas), loaded when the buyer turns to the form: utils/order-rules.ts.
  const [rules, setRules] = useState(loadedOrderRules);
  // Issue #16: the code the buyer applied ('' = none), normalised; the quote and the total follow it.
  const [appliedCode, setAppliedCode] = useState('');
  // The latest values, for handlers and effects that run between renders.
  const valuesRef = useRef(values);
  // Fields the buyer has changed or left: the quantity is checked again when the package changes.
  const touched = useRef(new Set<TFieldName>());

  const productId = values.product_id === '' ? undefined : Number(values.product_id);
  const currency = isCurrency(values.pay_currency) ? values.pay_currency : undefined;
  const products = useGetProducts();
  const prices = useGetPrices(productId, currentLanguage());
  const packs: readonly TPack[] = (currency && prices.data?.prices[currency]) || [];
  const pack = packs.find((candidate) => candidate.id === values.price_id);

  const labels: Record<TFieldName, string> = {
    product_id: t('form.product'),
    pay_currency: t('form.currency'),
    price_id: t('form.price'),
    quantity: t('form.quantity'),
    game_id: t('form.gameId'),
    email: t('form.email'),
    promo_code: t('form.promoCode'),
  };

  /**
   * The message of the field's first failing rule for these values, or undefined (also while the rules load: the
   * fields left meanwhile are checked when they arrive, and sending waits for them).
   */
  const check = (name: TFieldName, all: TRechargeValues): string | undefined => {
    const loaded = loadedOrderRules();
    if (!loaded) return undefined;
    const { ZBigoId, ZOrderCommitPayload, ZOrderEmail, ZOrderQuantity } = loaded.orders;
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
        return zodMessage(loaded.rewards.ZPromoCode, labels.promo_code, all.promo_code);
      default:
        return undefined;
    }
  };

  const showCheck = (names: readonly TFieldName[], all: TRechargeValues): boolean => {
    const found: TErrors = {};
    for (const name of names) found[name] = check(name, all);
    setErrors((previous) => ({ ...previous, ...found }));
    return names.every((name) => found[name] === undefined);
  };

  const update = (changed: Partial<TRechargeValues>): TRechargeValues => {
    const next = { ...valuesRef.current, ...changed };
    valuesRef.current = next;
    setValuesState(next);
    return next;
  };

  /** A value the buyer entered: kept, and its field checked (SPEC.md §5: on change). */
  const change = (name: TFieldName, value: TRechargeValues[TFieldName]): void => {
    touched.current.add(name);
    const next = update({ [name]: value });
    showCheck(name === 'price_id' && touched.current.has('quantity') ? [name, 'quantity'] : [name], next);
  };

  /** The promo field: a changed code is no longer the applied one (its bonus leaves the total until applied). */
  const changePromo = (text: string): void => {
    change('promo_code', text);
    if (normalizePromoCode(text) !== appliedCode) setAppliedCode('');
  };

  /** Apply: the code, checked and shown as it will be used, is quoted at once (an empty field removes it). */
  const applyPromo = (): void => {
    touched.current.add('promo_code');
    const all = valuesRef.current;
    if (!showCheck(['promo_code'], all)) return;
    const code = normalizePromoCode(all.promo_code);
    if (code !== all.promo_code) update({ promo_code: code });
    setAppliedCode(code);
    // The quote needs the pack: without one, say so where it is chosen.
    if (code !== '' && all.price_id === undefined) showCheck(['price_id'], all);
  };

  const blur = (name: TFieldName): void => {
    touched.current.add(name);
    showCheck([name], valuesRef.current);
  };

  /**
   * The rules load when the buyer first turns to the form (focus or touch inside it), not with the page: their
   * schemas cost a phone a long task that the page's first seconds do without (issue #14).
   */
  const engage = (): void => {
    if (!rules) void loadOrderRules().then(setRules, () => undefined);
  };
  // Fields the buyer changed or left before the rules arrived are checked now.
  const checkTouched = useRef(() => {});
  checkTouched.current = () => {
    if (touched.current.size > 0) showCheck([...touched.current], valuesRef.current);
  };
  useEffect(() => {
    if (rules) checkTouched.current();
  }, [rules]);

  /** Choices made for the buyer: kept without a message (and the package they invalidate cleared with its own). */
  const choose = (changed: Partial<TRechargeValues>): void => {
    update(changed);
    const cleared = Object.keys(changed) as TFieldName[];
    setErrors((previous) => {
      const next = { ...previous };
      for (const name of cleared) delete next[name];
      return next;
    });
  };

  // The entries kept over the language toggle's reload, read once (before the choices below, which keep them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    const draft = readRechargeDraft();
    clearRechargeDraft();
    if (!draft) return;
    const restored = fromDraft(draft);
    update(restored);
    setAppliedCode(normalizePromoCode(restored.promo_code));
  }, []);

  // The choices made for the buyer happen before the browser paints (layout effects): a frame without a product,
  // currency or packs would collapse the packs' place and move the fields below it.
  // SPEC.md §4: the first product is chosen automatically (a product kept from before a reload, if still sold).
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the list or the product changes
  useLayoutEffect(() => {
    const list = products.data;
    const chosen = Number(valuesRef.current.product_id);
    if (list && !list.some((product) => product.id === chosen)) {
      const first = list[0];
      choose({ product_id: first ? String(first.id) : '', pay_currency: '', price_id: undefined });
    }
  }, [products.data, values.product_id]);

  // SPEC.md §4: after the prices load a currency is chosen: the buyer's likely one if it is sold, else the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the prices or the currency change
  useLayoutEffect(() => {
    const select = prices.data;
    const chosen = valuesRef.current.pay_currency;
    if (select && !select.currencies.some((option) => option.code === chosen)) {
      const codes = select.currencies.map((option) => option.code);
      choose({ pay_currency: likelyCurrency(codes) ?? '', price_id: undefined });
    }
  }, [prices.data, values.pay_currency]);

  // A pack kept from before a reload that is no longer on sale in this currency is no choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the packs or the choice change
  useLayoutEffect(() => {
    const sold = currency ? prices.data?.prices[currency] : undefined;
    const priceId = valuesRef.current.price_id;
    if (sold && priceId !== undefined && !sold.some((candidate) => candidate.id === priceId)) {
      choose({ price_id: undefined });
    }
  }, [prices.data, currency, values.price_id]);

  useEffect(() => onCurrencyChange?.(currency), [currency, onCurrencyChange]);

  // The language toggle reloads this page (SPEC.md §2): keep the entries for the next load.
  useEffect(() => onBeforeReload(() => saveRechargeDraft(toDraft(valuesRef.current))), []);

  // Issue #16: the bonuses of the order as it stands, quoted once the pack and quantity rest (an applied code at
  // once), and again whenever the currency, pack, quantity, BIGO ID or code change.
  const typedQuantity = quantityOf(values.quantity);
  const bigoId = rules?.orders.ZBigoId.safeParse(values.game_id);
  const quoteInput: TRewardQuoteInput | undefined =
    pack &&
    typedQuantity !== null &&
    Number.isInteger(typedQuantity) &&
    typedQuantity > 0 &&
    typedQuantity * pack.game_amount <= MAX_ORDER_DIAMONDS
      ? {
          price_id: pack.id,
          quantity: typedQuantity,
          game_id: bigoId?.success ? bigoId.data : '',
          promo_code: appliedCode,
        }
      : undefined;
  const quoted = useSettled(
    quoteInput,
    QUOTE_DELAY_MS,
    (previous, next) => next !== undefined && previous?.promo_code !== next.promo_code,
  );
  const quoteQuery = useRewardQuote(quoted);
  // A quote for another pack, quantity or code says nothing about this order.
  const quote = sameOrder(quoted, quoteInput) ? quoteQuery.data : undefined;
  const promo = quote?.promo && quote.promo.code === appliedCode ? quote.promo : null;
  const promoError =
    errors.promo_code ?? (promo && !promo.applied ? refusalText(promo, labels.promo_code) : undefined);
  const promoBonus = promo?.applied
    ? quote?.bonuses.find((bonus) => bonus.kind === 'code' && bonus.code === promo.code)
    : undefined;

  // A stalled hand-off keeps the form closed too: its order exists, and the way on is that order's retry.
  const busy = commit.isPending || handoff.leaving !== null || handoff.stalled !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy || !products.isSuccess) return;
    try {
      await loadOrderRules();
    } catch {
      popup(i18n.t('common:errors.network'));
      return;
    }
    const all = valuesRef.current;
    for (const name of [...CHECK_ORDER, ...(withEmail ? ['email' as const] : []), 'promo_code' as const]) {
      touched.current.add(name);
      if (!showCheck([name], all)) {
        focusField(name);
        return;
      }
    }
    const chosen = packs.find((candidate) => candidate.id === all.price_id);
    const quantity = quantityOf(all.quantity);
    if (!chosen || quantity === null) return;
    const promoCode = normalizePromoCode(all.promo_code);
    const payload: TOrderCommitPayloadInput = {
      game_type: GAME_TYPE,
      game_id: normaliseBigoId(all.game_id),
      price_id: chosen.id,
      quantity,
      amount: chosen.unit_amount * quantity,
      amount_game: chosen.game_amount * quantity,
      pay_currency: chosen.currency,
      // The server knows a signed-in buyer by the Bearer header; a copy of the token in the body adds nothing.
      token: '',
      page_info: pageInfo,
      // Issue #16: the code in the field (applied or not); the server decides it again in the commit.
      ...(promoCode ? { promo_code: promoCode } : {}),
    };
    try {
      const answer = await commit.mutateAsync({ payload, email: withEmail ? all.email.trim() : '' });
      handoff.start(answer.data, answer.message);
    } catch (error) {
      reportFieldErrors(
        (placed) => {
          setErrors((previous) => ({ ...previous, ...placed }));
          const first = FIELDS.find((name) => placed[name] !== undefined);
          if (first) focusField(first);
        },
        error,
        popup,
        { fields: FIELDS, aliases: SERVER_ALIASES },
      );
    }
  };

  if (products.isError) {
    return (
      <Notice
        tone="error"
        title={t('form.loadFailed')}
        action={
          <Button size="small" onClick={() => void products.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  }
  if (products.data?.length === 0) {
    return <Notice tone="info" title={t('form.noProducts')} />;
  }

  /** Props of the Field around a control, and of the control itself, for a field named `name`. */
  const fieldProps = (name: TFieldName) => ({
    id: idOf(name),
    label: labels[name],
    error: errors[name],
    errorId: errorIdOf(name),
    hintId: hintIdOf(name),
    required: false,
  });
  const controlProps = (name: TFieldName) => ({
    id: idOf(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${errorIdOf(name)} ${hintIdOf(name)}`,
  });
  const textProps = (name: 'quantity' | 'game_id' | 'email') => ({
    ...controlProps(name),
    'aria-required': true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    onBlur: () => blur(name),
  });

  const quantity = quantityOf(values.quantity);
  let total = t('form.totalEmpty');
  if (pack && quantity !== null && Number.isInteger(quantity) && quantity > 0) {
    const amounts = {
      diamonds: formatDiamonds(pack.game_amount * quantity),
      price: formatPrice(pack.currency, pack.unit_amount * quantity),
    };
    total =
      quote && quote.bonus_game > 0
        ? t('form.totalBonus', { ...amounts, bonus: formatDiamonds(quote.bonus_game) })
        : t('form.totalValue', amounts);
  }
  const userEmail = withEmail ? '' : (readLocal(STORAGE_KEYS.userEmail) ?? '');
  const loading = products.isPending;

  let packsShown: ReactNode;
  if (prices.isError) {
    packsShown = (
      <Notice
        tone="error"
        title={t('form.loadFailed')}
        action={
          <Button size="small" onClick={() => void prices.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  } else if (prices.isPending) {
    packsShown = <PriceTilesLoading label={t('form.loading')} />;
  } else if (currency && packs.length === 0 && !prices.isFetching) {
    packsShown = <Notice tone="info" title={t('form.noPrices')} />;
  } else {
    packsShown = (
      <PriceTiles
        id={idOf('price_id')}
        packs={packs}
        labelledBy={PRICE_LABEL_ID}
        describedBy={errorIdOf('price_id')}
        invalid={Boolean(errors.price_id)}
        value={values.price_id}
        onChange={(priceId) => change('price_id', priceId)}
      />
    );
  }

  return (
    <form
      className="recharge-form"
      aria-label={t('form.label')}
      aria-busy={loading || undefined}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={engage}
      onPointerDown={engage}
    >
      <fieldset className="recharge-form__fields" disabled={busy}>
        <div className="recharge-form__row">
          <Field {...fieldProps('product_id')}>
            <Select
              {...controlProps('product_id')}
              value={values.product_id}
              disabled={loading}
              placeholder={loading ? t('form.loading') : undefined}
              options={(products.data ?? []).map((product) => ({
                value: String(product.id),
                label: product.name,
              }))}
              onChange={(event) => {
                if (event.target.value === valuesRef.current.product_id) return;
                // A product has its own currencies and packages: both are chosen anew.
                choose({ product_id: event.target.value, pay_currency: '', price_id: undefined });
              }}
            />
          </Field>
          <Field {...fieldProps('pay_currency')}>
            <Select
              {...controlProps('pay_currency')}
              aria-required
              value={values.pay_currency}
              disabled={loading}
              aria-busy={prices.isFetching || undefined}
              options={(prices.data?.currencies ?? []).map((option) => ({
                value: option.code,
                label: `${option.code} · ${option.name}`,
              }))}
              onChange={(event) => {
                if (event.target.value === valuesRef.current.pay_currency) return;
                // SPEC.md §4: a package belongs to one currency, so a currency change clears it.
                choose({ price_id: undefined });
                change('pay_currency', event.target.value);
              }}
            />
          </Field>
        </div>
        <div className={errors.price_id ? 'app-field app-field--error' : 'app-field'}>
          <div className="app-field__label-row">
            <span id={PRICE_LABEL_ID} className="app-field__label">
              {labels.price_id}
            </span>
          </div>
          {packsShown}
          <div id={errorIdOf('price_id')} className="app-field__error" aria-live="polite">
            {errors.price_id}
          </div>
        </div>
        <div className="recharge-form__row recharge-form__row--split">
          <Field {...fieldProps('quantity')}>
            <TextInput {...textProps('quantity')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field {...fieldProps('game_id')} hint={t('form.gameIdHelp')}>
            <TextInput
              {...textProps('game_id')}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              // Shows the ID as it will be used: without a copied "ID:" label and spaces.
              onBlur={(event) => {
                const id = normaliseBigoId(event.target.value);
                if (id !== event.target.value) update({ game_id: id });
                blur('game_id');
              }}
            />
          </Field>
        </div>
        {withEmail ? (
          <Field {...fieldProps('email')} hint={t('form.emailHelp')}>
            {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
            <TextInput {...textProps('email')} inputMode="email" autoComplete="email" spellCheck={false} />
          </Field>
        ) : (
          userEmail && <p className="recharge-form__receipt">{t('form.receiptTo', { email: userEmail })}</p>
        )}
        <Field
          {...fieldProps('promo_code')}
          error={promoError}
          hint={
            promoBonus
              ? t('form.promoApplied', {
                  code: promoBonus.code,
                  diamonds: formatDiamonds(promoBonus.diamonds),
                })
              : undefined
          }
        >
          <div className="recharge-form__promo">
            <TextInput
              {...controlProps('promo_code')}
              aria-invalid={promoError ? true : undefined}
              value={values.promo_code}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              onChange={(event) => changePromo(event.target.value)}
              onBlur={() => blur('promo_code')}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                // Enter applies the code rather than paying.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                applyPromo();
              }}
            />
            <Button onClick={applyPromo} loading={quoteQuery.isFetching && appliedCode !== ''}>
              {t('form.promoApply')}
            </Button>
          </div>
        </Field>
        <div className="recharge-form__total">
          <span id={TOTAL_LABEL_ID} className="recharge-form__total-label">
            {t('form.total')}
          </span>
          <output className="recharge-form__total-value" aria-labelledby={TOTAL_LABEL_ID}>
            {total}
          </output>
          <RewardLines quote={quote} />
        </div>
      </fieldset>
      {handoff.stalled ? (
        // The order exists: the retry hands the same one off again (its number, its amount), never a new order.
        <PaymentStalled
          orderNum={handoff.stalled.order_num}
          onRetry={() => handoff.stalled && handoff.start(handoff.stalled, '')}
        />
      ) : (
        handoff.leaving && (
          <Notice className="recharge-form__notice" tone="info" role="status" title={t('form.leaving')} />
        )
      )}
      <Button
        type="submit"
        variant="primary"
        size="large"
        block
        icon={<LockIcon />}
        loading={busy}
        disabled={busy || loading}
      >
        {t('form.submit')}
      </Button>
      <p className="recharge-form__note">{t('paymentNote')}</p>
    </form>
  );
}

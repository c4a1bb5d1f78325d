import { normaliseBigoId } from '@ezrecharge/shared/bigo-id';
import { isCurrency, type TCurrency } from '@ezrecharge/shared/money';
import { normalizePromoCode } from '@ezrecharge/shared/rewards';
import type { TOrderPageInfo } from '@ezrecharge/shared/schemas/orders';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFieldErrors } from '../../../lib/form-rules';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import { onBeforeReload } from '../../../lib/navigation';
import { whenPageIdle } from '../../../lib/page-idle';
import { usePaymentHandoff } from '../../../lib/payment-handoff';
import { useErrorPopup } from '../../../lib/popup';
import { useCommitOrder } from '../api/commit-order';
import { useGetPrices, useGetProducts } from '../api/get-catalogue';
import { useChannels } from '../api/get-channels';
import { useRewardQuote } from '../api/get-quote';
import { currencyChoice, packChoice, productChoice } from '../utils/buyer-choices';
import { loadedOrderRules, loadOrderRules } from '../utils/order-rules';
import {
  channelOptions,
  FPX,
  optionBonus,
  optionLimitBreach,
  optionOf,
  rememberChannel,
  rememberedChannel,
} from '../utils/pay-channel';
import {
  checkedOrder,
  fieldError,
  promoOutcome,
  quoteInputOf,
  SERVER_ALIASES,
  sameOrder,
  totalText,
} from '../utils/recharge-rules';
import {
  FIELDS,
  fieldLabels,
  focusField,
  INITIAL,
  keepDraftForPayment,
  keepDraftValues,
  type TErrors,
  type TFieldName,
  type TRechargeValues,
  takeDraftValues,
  wholeQuantityOf,
} from '../utils/recharge-values';
import { useSettled } from '../utils/use-settled';
import type { TPack } from './price-tiles';

/** How long the entries must rest before the bonuses are quoted again (an Apply press quotes at once). */
export const QUOTE_DELAY_MS = 300;

const NO_PACKS: readonly TPack[] = [];

/**
 * Functions that keep their identity for the form's whole life and call the latest render's version, so that the
 * fields (memo, components/form-part.ts) are not drawn again because the form was (issue #30).
 */
function useStableHandlers<T extends Record<string, (...args: never[]) => unknown>>(latest: T): T {
  const ref = useRef(latest);
  ref.current = latest;
  const [stable] = useState(() => {
    const wrapped: Record<string, unknown> = {};
    for (const name of Object.keys(latest))
      wrapped[name] = (...args: never[]) => (ref.current[name] as (...a: never[]) => unknown)(...args);
    return wrapped as T;
  });
  return stable;
}

export type TRechargeForm = ReturnType<typeof useRechargeForm>;

/**
 * The recharge form's state and rules (SPEC.md §2, §4, §5, §7), for recharge-form.tsx and its parts: the entries, the
 * choices made for the buyer, the checks (on change and on blur, the selects and tiles on change; on submit in
 * SPEC.md's order, stopping at the first failure), the bonus quote and the total, the commit and the payment
 * hand-off. The entries survive the language toggle's reload (utils/recharge-draft).
 */
export function useRechargeForm(
  pageInfo: TOrderPageInfo,
  onCurrencyChange?: (c: TCurrency | undefined) => void,
) {
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
  const packs: readonly TPack[] = (currency && prices.data?.prices[currency]) || NO_PACKS;
  const pack = packs.find((candidate) => candidate.id === values.price_id);

  const labels = useMemo(() => fieldLabels(t), [t]);

  // Issue #30: the payment channel ('' none: the provider's page chooses; FPX: FPX without a bank yet), the
  // currency's options, and the one last used in this browser chosen again when the currency offers it.
  const channels = useChannels();
  const options = useMemo(
    () => channelOptions(currency && channels.data?.[currency]),
    [currency, channels.data],
  );
  // Issue #30: the channels shown follow a change of currency a frame later (a passive effect runs after the
  // browser paints), so that the choice's own frame draws the new packs without the channel field growing or
  // shrinking and moving every field below it. What is checked and sent follows the currency at once.
  const [shownCurrency, setShownCurrency] = useState(currency);
  useEffect(() => setShownCurrency(currency), [currency]);
  const shownOptions = useMemo(
    () =>
      shownCurrency === undefined || shownCurrency === currency
        ? options
        : channelOptions(channels.data?.[shownCurrency]),
    [shownCurrency, currency, options, channels.data],
  );
  const [payChannel, setPayChannel] = useState('');
  const [bankError, setBankError] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again when the currency or its channels change
  useEffect(() => {
    setPayChannel((previous) => {
      if (optionOf(options, previous)) return previous;
      const remembered = rememberedChannel(currency);
      return optionOf(options, remembered) ? remembered : '';
    });
  }, [currency, channels.data]);
  const chosenOption = optionOf(options, payChannel);
  const orderQuantity = wholeQuantityOf(values.quantity);
  const outside = optionLimitBreach(
    chosenOption,
    pack && orderQuantity !== undefined ? pack.unit_amount * orderQuantity : undefined,
  );
  const limitError =
    outside && chosenOption && currency
      ? t(outside.max === null ? 'channel.limitMin' : 'channel.limitRange', {
          name: chosenOption.name,
          min: formatPrice(currency, outside.min),
          max: outside.max === null ? '' : formatPrice(currency, outside.max),
        })
      : undefined;

  const showCheck = (names: readonly TFieldName[], all: TRechargeValues): boolean => {
    const found: TErrors = {};
    const context = { rules: loadedOrderRules(), labels, packs, withEmail };
    for (const name of names) found[name] = fieldError(name, all, context);
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

  const blur = (name: TFieldName): void => {
    touched.current.add(name);
    showCheck([name], valuesRef.current);
  };

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

  /**
   * The rules load when the buyer first turns to the form (focus or touch inside it), not with the page: their
   * schemas cost a phone a long task that the page's first seconds do without (issue #14).
   */
  const engage = (): void => {
    if (!rules) void loadOrderRules().then(setRules, () => undefined);
  };
  // Issue #30: the rules also load once the page has loaded and the browser is idle, so that their evaluation (a
  // long task on a phone) is over before the buyer's first choices rather than in the middle of them.
  const engageWhenIdle = useRef(engage);
  engageWhenIdle.current = engage;
  useEffect(() => whenPageIdle(() => engageWhenIdle.current()), []);
  // Fields the buyer changed or left before the rules arrived are checked now.
  const checkTouched = useRef(() => {});
  checkTouched.current = () => {
    if (touched.current.size > 0) showCheck([...touched.current], valuesRef.current);
  };
  useEffect(() => {
    if (rules) checkTouched.current();
  }, [rules]);

  // The entries kept over the language toggle's reload, read once (before the choices below, which keep them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    const restored = takeDraftValues();
    if (!restored) return;
    update(restored);
    setAppliedCode(normalizePromoCode(restored.promo_code));
  }, []);

  // The choices made for the buyer happen before the browser paints (layout effects): a frame without a product,
  // currency or packs would collapse the packs' place and move the fields below it (utils/buyer-choices.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the list or the product changes
  useLayoutEffect(() => {
    const choice = productChoice(products.data, valuesRef.current.product_id);
    if (choice) choose(choice);
  }, [products.data, values.product_id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the prices or the currency change
  useLayoutEffect(() => {
    const choice = currencyChoice(prices.data, valuesRef.current.pay_currency);
    if (choice) choose(choice);
  }, [prices.data, values.pay_currency]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the packs or the choice change
  useLayoutEffect(() => {
    const choice = packChoice(currency && prices.data?.prices[currency], valuesRef.current.price_id);
    if (choice) choose(choice);
  }, [prices.data, currency, values.price_id]);

  useEffect(() => onCurrencyChange?.(currency), [currency, onCurrencyChange]);

  // The language toggle reloads this page (SPEC.md §2): keep the entries for the next load.
  useEffect(() => onBeforeReload(() => keepDraftValues(valuesRef.current)), []);

  // Issue #16: the bonuses of the order as it stands, quoted once the pack and quantity rest (an applied code at
  // once), and again whenever the currency, pack, quantity, BIGO ID or code change.
  const quoteInput = quoteInputOf(pack, values, appliedCode, rules);
  const quoted = useSettled(
    quoteInput,
    QUOTE_DELAY_MS,
    (previous, next) => next !== undefined && previous?.promo_code !== next.promo_code,
  );
  const quoteQuery = useRewardQuote(quoted);
  // A quote for another pack, quantity or code says nothing about this order.
  const quote = sameOrder(quoted, quoteInput) ? quoteQuery.data : undefined;
  const promo = promoOutcome(quote, appliedCode, labels.promo_code);

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
    const order = checkedOrder(all, packs, pageInfo, (name) => {
      touched.current.add(name);
      return showCheck([name], all);
    });
    if (!order) return;
    if (limitError) {
      document.getElementsByName('pay_channel')[0]?.focus();
      return;
    }
    if (payChannel === FPX) {
      setBankError(t('channel.bankNeeded'));
      document.getElementById('recharge-fpx-bank')?.focus();
      return;
    }
    if (payChannel !== '') order.payload.pay_channel = payChannel;
    try {
      const answer = await commit.mutateAsync(order);
      if (currency && options.length > 0) rememberChannel(currency, payChannel);
      // Back from the payment page finds the entries again (issue #32), also when the page is loaded anew.
      keepDraftForPayment(all);
      handoff.start(answer.data, answer.message);
    } catch (error) {
      const place = (placed: TErrors): void => {
        setErrors((previous) => ({ ...previous, ...placed }));
        const first = FIELDS.find((name) => placed[name] !== undefined);
        if (first) focusField(first);
      };
      reportFieldErrors(place, error, popup, { fields: FIELDS, aliases: SERVER_ALIASES });
    }
  };

  const bonus = optionBonus(chosenOption, quote);
  const promoRefusal = promo.refusal;
  const shownErrors = useMemo(
    () => ({ ...errors, promo_code: errors.promo_code ?? promoRefusal }),
    [errors, promoRefusal],
  );

  const handlers = useStableHandlers({
    change,
    blur,
    engage,
    onSubmit,
    chooseChannel: (value: string): void => {
      setPayChannel(value);
      setBankError(undefined);
    },
    chooseProduct: (id: string): void => {
      if (id === valuesRef.current.product_id) return;
      // A product has its own currencies and packages: both are chosen anew.
      choose({ product_id: id, pay_currency: '', price_id: undefined });
    },
    chooseCurrency: (code: string): void => {
      if (code === valuesRef.current.pay_currency) return;
      // SPEC.md §4: a package belongs to one currency, so a currency change clears it.
      choose({ price_id: undefined });
      change('pay_currency', code);
    },
    /** The BIGO ID is shown as it will be used: without a copied "ID:" label and spaces. */
    leaveGameId: (text: string): void => {
      const id = normaliseBigoId(text);
      if (id !== text) update({ game_id: id });
      blur('game_id');
    },
    /** The promo field: a changed code is no longer the applied one (its bonus leaves the total until applied). */
    changePromo: (text: string): void => {
      change('promo_code', text);
      if (normalizePromoCode(text) !== appliedCode) setAppliedCode('');
    },
    /** Apply: the code, checked and shown as it will be used, is quoted at once (an empty field removes it). */
    applyPromo: (): void => {
      touched.current.add('promo_code');
      const all = valuesRef.current;
      if (!showCheck(['promo_code'], all)) return;
      const code = normalizePromoCode(all.promo_code);
      if (code !== all.promo_code) update({ promo_code: code });
      setAppliedCode(code);
      // The quote needs the pack: without one, say so where it is chosen.
      if (code !== '' && all.price_id === undefined) showCheck(['price_id'], all);
    },
  });

  return {
    withEmail,
    values,
    channelOptions: shownOptions,
    payChannel,
    channelError: limitError ?? bankError,
    /** The chosen channel's payment-method bonus, for the total: "+ 24 bonus diamonds with FPX". */
    channelBonus:
      chosenOption && bonus > 0
        ? t('channel.totalBonus', { diamonds: formatDiamonds(bonus), name: chosenOption.name })
        : undefined,
    /** The fields' messages (the promo field's with the quote's refusal of the applied code). */
    errors: shownErrors,
    labels,
    products,
    prices,
    packs,
    currency,
    quote,
    promoBonus: promo.bonus,
    /** Whether the applied code is being quoted (the Apply button spins). */
    applying: quoteQuery.isFetching && appliedCode !== '',
    total: totalText(t, pack, values, quote, errors.quantity),
    busy,
    loading: products.isPending,
    handoff,
    ...handlers,
  };
}

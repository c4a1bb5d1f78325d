import { LockOutlined } from '@ant-design/icons';
import { GAME_TYPE, MAX_ORDER_DIAMONDS } from '@ezrecharge/shared/limits';
import { MSG } from '@ezrecharge/shared/messages';
import type { TCurrency } from '@ezrecharge/shared/money';
import {
  normaliseBigoId,
  type TOrderCommitPayloadInput,
  type TOrderPageInfo,
  ZBigoId,
  ZOrderCommitPayload,
  ZOrderEmail,
  ZOrderQuantity,
} from '@ezrecharge/shared/schemas/orders';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Spin } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentStalled } from '../../../components/payment-stalled';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { messageTextOf } from '../../../lib/form-rules';
import { currentLanguage } from '../../../lib/i18n';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';
import { onBeforeReload } from '../../../lib/navigation';
import { usePaymentHandoff } from '../../../lib/payment-handoff';
import { useErrorPopup } from '../../../lib/popup';
import { readLocal, STORAGE_KEYS } from '../../../lib/storage';
import { useCommitOrder } from '../api/commit-order';
import { useGetPrices, useGetProducts } from '../api/get-catalogue';
import { likelyCurrency } from '../utils/likely-currency';
import { clearRechargeDraft, readRechargeDraft, saveRechargeDraft } from '../utils/recharge-draft';
import { PriceTiles, type TPack } from './price-tiles';

interface TRechargeValues {
  product_id?: number;
  pay_currency?: TCurrency;
  price_id?: number;
  quantity: number | null;
  game_id: string;
  email: string;
}

type TFieldName = keyof TRechargeValues;

const INITIAL: TRechargeValues = { quantity: 1, game_id: '', email: '' };

/** The form's fields, for placing the server's `errors` under them. */
const FIELDS: readonly TFieldName[] = [
  'product_id',
  'pay_currency',
  'price_id',
  'quantity',
  'game_id',
  'email',
];
/** Server names of values the form shows elsewhere: the totals follow the package and the quantity. */
const SERVER_ALIASES = { amount: 'price_id', amount_game: 'quantity' };
/** SPEC.md §5 "Recharge submit": the checks in this order, stopping at the first failure. */
const CHECK_ORDER: readonly TFieldName[] = ['pay_currency', 'price_id', 'quantity', 'game_id'];

const PAYLOAD = ZOrderCommitPayload.shape;
const FORM_NAME = 'recharge';
const PRICE_LABEL_ID = 'recharge-price-label';

/** Moves the focus to the field a check stopped at; the price tiles take it on the chosen (or first) pack. */
function focusField(name: TFieldName): void {
  const id = `${FORM_NAME}_${name}`;
  const element = document.getElementById(id);
  const target = element?.matches('input, [tabindex]')
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
 * currency, quantity, BIGO ID and, on the public page, the e-mail. Submitting checks the fields in SPEC.md's
 * order, sends the wire-encrypted order and hands the buyer to the payment page; the button spins and stays
 * disabled from sending to leaving (and if the page is not left, PaymentStalled offers that order's hand-off
 * again). The entries survive the language toggle's reload (utils/recharge-draft).
 */
export function RechargeForm({ pageInfo, onCurrencyChange }: TRechargeFormProps) {
  const { t } = useTranslation('recharge');
  const [form] = Form.useForm<TRechargeValues>();
  const popup = useErrorPopup();
  const commit = useCommitOrder();
  const handoff = usePaymentHandoff();
  const withEmail = pageInfo === 'recharge';
  // What the buyer had entered before the language toggle reloaded the page, read once.
  const [initialValues] = useState<TRechargeValues>(() => ({ ...INITIAL, ...readRechargeDraft() }));
  useEffect(clearRechargeDraft, []);

  const productId = Form.useWatch('product_id', form);
  const currency = Form.useWatch('pay_currency', form);
  const priceId = Form.useWatch('price_id', form);
  const quantity = Form.useWatch('quantity', form);

  const products = useGetProducts();
  const prices = useGetPrices(productId, currentLanguage());
  const packs: readonly TPack[] = (currency && prices.data?.prices[currency]) || [];
  const pack = packs.find((candidate) => candidate.id === priceId);

  // SPEC.md §4: the first product is chosen automatically. These checks read the form itself: Form.useWatch
  // answers undefined on the first render, which would replace a product kept from before a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the chosen product changes
  useEffect(() => {
    const list = products.data;
    const chosen: unknown = form.getFieldValue('product_id');
    if (list && !list.some((product) => product.id === chosen)) {
      form.setFieldValue('product_id', list[0]?.id);
    }
  }, [products.data, productId, form]);

  // SPEC.md §4: after the prices load a currency is chosen: the buyer's likely one if it is sold, else the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the chosen currency changes
  useEffect(() => {
    const select = prices.data;
    const chosen: unknown = form.getFieldValue('pay_currency');
    if (select && !select.currencies.some((option) => option.code === chosen)) {
      const codes = select.currencies.map((option) => option.code);
      form.setFieldsValue({ pay_currency: likelyCurrency(codes), price_id: undefined });
    }
  }, [prices.data, currency, form]);

  // A pack kept from before a reload that is no longer on sale in this currency is no choice.
  useEffect(() => {
    const sold = currency ? prices.data?.prices[currency] : undefined;
    if (sold && priceId !== undefined && !sold.some((candidate) => candidate.id === priceId)) {
      form.setFieldValue('price_id', undefined);
    }
  }, [prices.data, currency, priceId, form]);

  useEffect(() => onCurrencyChange?.(currency), [currency, onCurrencyChange]);

  // The language toggle reloads this page (SPEC.md §2): keep the entries for the next load.
  const formShown = products.isSuccess;
  useEffect(() => {
    if (!formShown) return undefined;
    return onBeforeReload(() => saveRechargeDraft(form.getFieldsValue(true) as TRechargeValues));
  }, [formShown, form]);

  const onValuesChange = (changed: Partial<TRechargeValues>): void => {
    if ('product_id' in changed) {
      form.setFields([
        { name: 'pay_currency', value: undefined, errors: [] },
        { name: 'price_id', value: undefined, errors: [] },
      ]);
    } else if ('pay_currency' in changed) {
      // SPEC.md §4: a package belongs to one currency, so a currency change clears it.
      form.setFields([{ name: 'price_id', value: undefined, errors: [] }]);
    }
  };

  // A stalled hand-off keeps the form closed too: its order exists, and the way on is that order's retry.
  const busy = commit.isPending || handoff.leaving !== null || handoff.stalled !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    for (const name of withEmail ? [...CHECK_ORDER, 'email' as const] : CHECK_ORDER) {
      try {
        await form.validateFields([name]);
      } catch {
        focusField(name);
        return;
      }
    }
    const values = form.getFieldsValue(true) as TRechargeValues;
    const chosen = packs.find((candidate) => candidate.id === values.price_id);
    if (!chosen || typeof values.quantity !== 'number') return;
    const payload: TOrderCommitPayloadInput = {
      game_type: GAME_TYPE,
      game_id: normaliseBigoId(values.game_id),
      price_id: chosen.id,
      quantity: values.quantity,
      amount: chosen.unit_amount * values.quantity,
      amount_game: chosen.game_amount * values.quantity,
      pay_currency: chosen.currency,
      // The server knows a signed-in buyer by the Bearer header; a copy of the token in the body adds nothing.
      token: '',
      page_info: pageInfo,
    };
    try {
      const answer = await commit.mutateAsync({ payload, email: withEmail ? values.email.trim() : '' });
      handoff.start(answer.data, answer.message);
    } catch (error) {
      reportFormError(form, error, popup, { fields: FIELDS, aliases: SERVER_ALIASES });
    }
  };

  if (products.isPending) {
    return (
      <div className="recharge-form__state" role="status">
        <Spin /> {t('form.loading')}
      </div>
    );
  }
  if (products.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('form.loadFailed')}
        action={
          <Button size="small" onClick={() => void products.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  }
  if (products.data.length === 0) {
    return <Alert type="info" showIcon title={t('form.noProducts')} />;
  }

  const quantityLimit = {
    validator: async (_rule: unknown, value: unknown) => {
      if (pack && typeof value === 'number' && value * pack.game_amount > MAX_ORDER_DIAMONDS) {
        throw new Error(messageTextOf(MSG.payment_quantity_tips));
      }
    },
  };
  const total =
    pack && typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0
      ? t('form.totalValue', {
          diamonds: formatDiamonds(pack.game_amount * quantity),
          price: formatPrice(pack.currency, pack.unit_amount * quantity),
        })
      : t('form.totalEmpty');
  const userEmail = withEmail ? '' : (readLocal(STORAGE_KEYS.userEmail) ?? '');

  return (
    <form
      className="recharge-form"
      aria-label={t('form.label')}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      <Form<TRechargeValues>
        form={form}
        name={FORM_NAME}
        component={false}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        disabled={busy}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="product_id" label={t('form.product')}>
              <Select
                options={products.data.map((product) => ({ value: product.id, label: product.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="pay_currency"
              {...fieldRules(PAYLOAD.pay_currency, t('form.currency'))}
              validateTrigger={['onChange']}
            >
              <Select
                loading={prices.isFetching}
                options={(prices.data?.currencies ?? []).map((option) => ({
                  value: option.code,
                  label: `${option.code} · ${option.name}`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="price_id"
          {...fieldRules(PAYLOAD.price_id, t('form.price'))}
          label={<span id={PRICE_LABEL_ID}>{t('form.price')}</span>}
          validateTrigger={['onChange']}
        >
          {prices.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('form.loadFailed')}
              action={
                <Button size="small" onClick={() => void prices.refetch()}>
                  {t('form.retry')}
                </Button>
              }
            />
          ) : currency && packs.length === 0 && !prices.isFetching ? (
            <Alert type="info" showIcon title={t('form.noPrices')} />
          ) : (
            <PriceTiles packs={packs} labelledBy={PRICE_LABEL_ID} />
          )}
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="quantity"
              dependencies={['price_id']}
              {...fieldRules(ZOrderQuantity, t('form.quantity'), [quantityLimit])}
            >
              <InputNumber className="recharge-form__quantity" step={1} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="game_id" {...fieldRules(ZBigoId, t('form.gameId'))} extra={t('form.gameIdHelp')}>
              <Input
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                // Shows the ID as it will be used: without a copied "ID:" label and spaces.
                onBlur={(event) => {
                  const id = normaliseBigoId(event.target.value);
                  if (id !== event.target.value) form.setFieldValue('game_id', id);
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        {withEmail ? (
          <Form.Item name="email" {...fieldRules(ZOrderEmail, t('form.email'))} extra={t('form.emailHelp')}>
            {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
            <Input inputMode="email" autoComplete="email" spellCheck={false} />
          </Form.Item>
        ) : (
          userEmail && <p className="recharge-form__receipt">{t('form.receiptTo', { email: userEmail })}</p>
        )}
        <div className="recharge-form__total">
          <span id="recharge-total-label" className="recharge-form__total-label">
            {t('form.total')}
          </span>
          <output className="recharge-form__total-value" aria-labelledby="recharge-total-label">
            {total}
          </output>
        </div>
        {handoff.stalled ? (
          // The order exists: the retry hands the same one off again (its number, its amount), never a new order.
          <PaymentStalled
            orderNum={handoff.stalled.order_num}
            onRetry={() => handoff.stalled && handoff.start(handoff.stalled, '')}
          />
        ) : (
          handoff.leaving && (
            <Alert
              className="recharge-form__notice"
              type="info"
              showIcon
              title={t('form.leaving')}
              role="status"
            />
          )
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          icon={<LockOutlined aria-hidden="true" />}
          loading={busy}
          disabled={busy}
        >
          {t('form.submit')}
        </Button>
        <p className="recharge-form__note">{t('paymentNote')}</p>
      </Form>
    </form>
  );
}

import { MSG as M } from '@ezrecharge/shared/messages';
import {
  currencyExponent,
  formatMinor,
  parseMajorToMinor,
  priceProblem,
  type TCurrency,
} from '@ezrecharge/shared/money';
import {
  PRICE_PROBLEM_MESSAGES,
  ZGameAmount,
  ZPriceInput,
  ZUnitAmount,
} from '@ezrecharge/shared/schemas/catalogue';
import { Button, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';
import { currencyOptions } from '../utils/format';
import { useLanguage } from './use-language';

export interface TPriceFormValues {
  /** undefined until chosen. */
  currency: TCurrency | undefined;
  /** Diamonds of the pack; null while empty. */
  game_amount: number | null;
  /** The price as typed, in major units of the currency ('12.20', '500'); sent as minor units (1220, 500). */
  unit_amount: string;
}

export const PRICE_FIELDS = ['currency', 'game_amount', 'unit_amount'] as const;

export const EMPTY_PRICE: TPriceFormValues = { currency: undefined, game_amount: null, unit_amount: '' };

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * The price field takes a major amount in the chosen currency. Empty: SPEC.md's 'Price is required'; anything that
 * is not a positive amount with at most the currency's decimals (SGD 12.20, JPY 500, JOD 1.250) or is too large:
 * the generic '{field} is not valid.' (the shared message speaks of cents, which this field does not show); a price
 * the currency's gateway cannot charge exactly: that rule's shared message, as the server would answer it. Before
 * a currency is chosen only the shape is checked; choosing one checks the price again.
 */
export function majorAmountSchema(currency: TCurrency | undefined) {
  return z
    .string({ error: M.price_required })
    .trim()
    .min(1, M.price_required)
    .superRefine((text, ctx) => {
      if (!currency) {
        if (!PLAIN_DECIMAL.test(text)) ctx.addIssue({ code: 'custom', message: 'not a price' });
        return;
      }
      const minor = parseMajorToMinor(text, currency);
      if (minor === null || !ZUnitAmount.safeParse(minor).success) {
        ctx.addIssue({ code: 'custom', message: 'not a price' });
        return;
      }
      const problem = priceProblem(minor, currency);
      if (problem) ctx.addIssue({ code: 'custom', message: PRICE_PROBLEM_MESSAGES[problem] });
    });
}

/** An example price in the currency's own decimals, for the field's hint: 12.20, 500, 1.250. */
const EXAMPLE_MINOR: Readonly<Record<number, number>> = { 0: 500, 2: 1220, 3: 1250 };

/** The validated form as the API wants it; call only after the form's own validation passed. */
export function toPriceInput(productId: number, values: TPriceFormValues) {
  return ZPriceInput.parse({
    product_id: productId,
    currency: values.currency,
    game_amount: values.game_amount,
    unit_amount: values.currency ? parseMajorToMinor(values.unit_amount, values.currency) : null,
  });
}

interface TPriceFormProps {
  form: FormInstance<TPriceFormValues>;
  name: string;
  productId: number;
  productName: string;
  initialValues: TPriceFormValues;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: TPriceFormValues) => void;
}

/** The add-price and edit-price form (SPEC.md §5: diamonds and price required, both numeric; a currency). */
export function PriceForm({
  form,
  name,
  productId,
  productName,
  initialValues,
  pending,
  submitLabel,
  onSubmit,
}: TPriceFormProps) {
  const { t } = useTranslation('catalogue-admin');
  const lang = useLanguage();
  const productFieldId = useId();
  const currency = Form.useWatch('currency', form);
  const decimals = currency ? currencyExponent(currency) : undefined;
  const example = currency && decimals !== undefined ? EXAMPLE_MINOR[decimals] : undefined;
  const hint =
    currency && decimals !== undefined && example !== undefined
      ? t(decimals === 0 ? 'priceForm.priceHintWhole' : 'priceForm.priceHintDecimals', {
          currency,
          decimals,
          example: formatMinor(example, currency),
        })
      : t('priceForm.priceHint');
  return (
    <Form<TPriceFormValues>
      form={form}
      name={name}
      layout="vertical"
      className="console-form"
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item label={t('priceForm.product')} htmlFor={productFieldId}>
        <Input id={productFieldId} value={productName} readOnly variant="filled" />
      </Form.Item>
      <Form.Item name="currency" {...fieldRules(ZPriceInput.shape.currency, t('priceForm.currency'))}>
        <Select<TCurrency>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('priceForm.currencyPlaceholder')}
          options={currencyOptions(lang)}
        />
      </Form.Item>
      <Form.Item name="game_amount" {...fieldRules(ZGameAmount, t('priceForm.diamonds'))}>
        <InputNumber<number> style={{ width: '100%' }} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="unit_amount"
        dependencies={['currency']}
        {...fieldRules(majorAmountSchema(currency), t('priceForm.price'))}
        extra={hint}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          prefix={currency ? <span className="catalogue-admin__muted">{currency}</span> : undefined}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
        <ButtonLink to={listAddress(routePath('price', { id: productId }))}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}

import { MESSAGES as M } from '@ezrecharge/shared/messages';
import { parseMajorToMinor, type TCurrency } from '@ezrecharge/shared/money';
import { ZGameAmount, ZPriceInput, ZUnitAmount } from '@ezrecharge/shared/schemas/catalogue';
import { Button, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules } from '../../../lib/form-rules';
import { routePath } from '../../../lib/routes';
import { currencyOptions } from '../utils/format';
import { useLanguage } from './use-language';

export interface TPriceFormValues {
  /** undefined until chosen. */
  currency: TCurrency | undefined;
  /** Diamonds of the pack; null while empty. */
  game_amount: number | null;
  /** The price as typed, in major units ('12.20'); sent as minor units (1220). */
  unit_amount: string;
}

export const PRICE_FIELDS = ['currency', 'game_amount', 'unit_amount'] as const;

export const EMPTY_PRICE: TPriceFormValues = { currency: undefined, game_amount: null, unit_amount: '' };

/**
 * The price field takes a major amount. Empty: SPEC.md's 'Price is required'; anything that is not a positive
 * amount with at most two decimals (or is too large): the generic '{field} is not valid.' (the shared message
 * speaks of cents, which this field does not show).
 */
const ZMajorAmount = z
  .string({ error: M.price_required })
  .trim()
  .min(1, M.price_required)
  .refine((text) => ZUnitAmount.safeParse(parseMajorToMinor(text)).success, 'not a price');

/** The validated form as the API wants it; call only after the form's own validation passed. */
export function toPriceInput(productId: number, values: TPriceFormValues) {
  return ZPriceInput.parse({
    product_id: productId,
    currency: values.currency,
    game_amount: values.game_amount,
    unit_amount: parseMajorToMinor(values.unit_amount),
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
        {...fieldRules(ZMajorAmount, t('priceForm.price'))}
        extra={t('priceForm.priceHint')}
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
        <ButtonLink to={routePath('price', { id: productId })}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}

import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG as M } from '@ezrecharge/shared/messages';
import {
  CURRENCIES,
  currencyName,
  formatMinor,
  parseMajorToMinor,
  type TCurrency,
} from '@ezrecharge/shared/money';
import {
  BONUS_TYPES_OF,
  normalizePromoCode,
  PROMOTION_KINDS,
  type TBonusType,
  type TPromotionKind,
} from '@ezrecharge/shared/rewards';
import {
  type TPromotion,
  type TPromotionInput,
  ZPromoCode,
  ZPromotionInput,
} from '@ezrecharge/shared/schemas/rewards';
import {
  Button,
  Col,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules, VALIDATE_TRIGGER } from '../../../lib/antd-form-rules';
import dayjs from '../../../lib/dayjs';
import { invalidFieldMessage, messageTextOf } from '../../../lib/form-rules';
import { currentLanguage } from '../../../lib/i18n';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';
import { useProductOptions } from '../api/get-product-options';

/** One minimum-spend row: a currency and the least an order in it must cost, in major units as typed. */
export interface TMinSpendRow {
  currency: TCurrency | undefined;
  amount: string;
}

/** The form as antd holds it: dates as dayjs, numbers null while empty, minimum spends as rows. */
export interface TPromotionFormValues {
  kind: TPromotionKind | undefined;
  name: string;
  code: string;
  bonus_type: TBonusType | undefined;
  bonus_value: number | null;
  currencies: TCurrency[];
  product_ids: number[];
  channels: string[];
  valid_from: Dayjs | null;
  valid_to: Dayjs | null;
  budget_diamonds: number | null;
  uses_per_buyer: number | null;
  min_spend: TMinSpendRow[];
}

/** The form's fields, for placing the server's `errors` under them. */
export const PROMOTION_FIELDS = [
  'kind',
  'name',
  'code',
  'bonus_type',
  'bonus_value',
  'currencies',
  'product_ids',
  'channels',
  'valid_from',
  'valid_to',
  'budget_diamonds',
  'uses_per_buyer',
  'min_spend',
] as const;

export const EMPTY_PROMOTION: TPromotionFormValues = {
  kind: 'code',
  name: '',
  code: '',
  bonus_type: 'fixed',
  bonus_value: null,
  currencies: [],
  product_ids: [],
  channels: [],
  valid_from: null,
  valid_to: null,
  budget_diamonds: null,
  uses_per_buyer: null,
  min_spend: [],
};

/** A stored promotion as the form shows it. */
export function toFormValues(promotion: TPromotion): TPromotionFormValues {
  return {
    kind: promotion.kind,
    name: promotion.name,
    code: promotion.code ?? '',
    bonus_type: promotion.bonus_type,
    bonus_value: promotion.bonus_value,
    currencies: [...promotion.currencies],
    product_ids: [...promotion.product_ids],
    channels: [...promotion.channels],
    valid_from: promotion.valid_from ? dayjs(promotion.valid_from) : null,
    valid_to: promotion.valid_to ? dayjs(promotion.valid_to) : null,
    budget_diamonds: promotion.budget_diamonds,
    uses_per_buyer: promotion.uses_per_buyer,
    min_spend: Object.entries(promotion.min_spend).map(([currency, minor]) => ({
      currency: currency as TCurrency,
      amount: formatMinor(minor ?? 0, currency),
    })),
  };
}

/** The validated form as the API takes it (ZPromotionInput); call only after the form's own checks passed. */
export function toPromotionInput(values: TPromotionFormValues): TPromotionInput {
  const minSpend: Partial<Record<TCurrency, number>> = {};
  for (const row of values.min_spend ?? []) {
    const minor = row.currency ? parseMajorToMinor(row.amount.trim(), row.currency) : null;
    if (row.currency && minor !== null) minSpend[row.currency] = minor;
  }
  return {
    kind: values.kind as TPromotionKind,
    name: values.name.trim(),
    code: values.kind === 'code' ? normalizePromoCode(values.code) : '',
    bonus_type: values.bonus_type as TBonusType,
    bonus_value: values.bonus_value as number,
    currencies: values.currencies ?? [],
    product_ids: values.product_ids ?? [],
    channels: values.kind === 'channel' ? (values.channels ?? []).map((c) => c.trim()).filter(Boolean) : [],
    valid_from: values.valid_from ? values.valid_from.toISOString() : null,
    valid_to: values.valid_to ? values.valid_to.toISOString() : null,
    budget_diamonds: values.budget_diamonds ?? null,
    uses_per_buyer: values.uses_per_buyer ?? null,
    min_spend: minSpend,
  };
}

const SHAPE = ZPromotionInput.shape;
/** `code` kind: the code is required (ZPromotionInput asks for it there). */
const REQUIRED_CODE = ZPromoCode.refine((code) => code !== '', M.promo_code_format);
const CHANNELS_REQUIRED = z.array(z.string()).min(1, M.promotion_channels_required);

/** Which bonus types `kind` takes, refused with the shared message otherwise. */
const bonusTypeOf = (kind: TPromotionKind | undefined) =>
  z.enum((kind ? BONUS_TYPES_OF[kind] : ['fixed', 'percent', 'per_unit']) as [TBonusType, ...TBonusType[]], {
    error: M.promotion_bonus_invalid,
  });

interface TPromotionFormProps {
  form: FormInstance<TPromotionFormValues>;
  name: string;
  initialValues: TPromotionFormValues;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: TPromotionFormValues) => void;
}

/**
 * The add-promotion and edit-promotion form: every field of ZPromotionInput, checked as the server checks it
 * (SPEC.md §5: on blur and change, the first failing rule). The kind decides which fields apply: a code for promo
 * codes, payment channels for the payment-method bonus, and the bonus types each kind takes.
 */
export function PromotionForm({
  form,
  name,
  initialValues,
  pending,
  submitLabel,
  onSubmit,
}: TPromotionFormProps) {
  const { t } = useTranslation('rewards-admin');
  const lang = currentLanguage();
  const products = useProductOptions();
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;
  const bonusType = Form.useWatch('bonus_type', form) ?? initialValues.bonus_type;
  const bonusTypes = kind ? BONUS_TYPES_OF[kind] : [];

  const currencyOptions = CURRENCIES.map((currency) => ({
    value: currency.code,
    label: `${currency.code} · ${currencyName(currency.code, lang)}`,
  }));
  const productOptions = (products.data ?? []).map((product) => ({ value: product.id, label: product.name }));
  // A promotion may name a product no longer on sale: it stays chosen, shown by its id.
  for (const id of initialValues.product_ids) {
    if (!productOptions.some((option) => option.value === id))
      productOptions.push({ value: id, label: `#${id}` });
  }

  const bonusValueSchema =
    bonusType === 'percent' ? SHAPE.bonus_value.max(100, M.promotion_bonus_invalid) : SHAPE.bonus_value;

  return (
    <Form<TPromotionFormValues>
      form={form}
      name={name}
      layout="vertical"
      className="console-form rewards-admin__form"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={(changed: Partial<TPromotionFormValues>) => {
        // A kind takes its own bonus types: the first one is chosen when the current one does not fit.
        if (changed.kind) {
          const allowed = BONUS_TYPES_OF[changed.kind];
          const current = form.getFieldValue('bonus_type') as TBonusType | undefined;
          if (!current || !allowed.includes(current)) form.setFieldValue('bonus_type', allowed[0]);
        }
      }}
    >
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name="kind" {...fieldRules(SHAPE.kind, t('fields.kind'))}>
            <Select<TPromotionKind>
              placeholder={t('form.kindPlaceholder')}
              options={PROMOTION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" {...fieldRules(SHAPE.name, t('fields.name'))} extra={t('hints.name')}>
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        </Col>
        {kind === 'code' && (
          <Col xs={24} md={12}>
            <Form.Item name="code" {...fieldRules(REQUIRED_CODE, t('fields.code'))} extra={t('hints.code')}>
              <Input autoComplete="off" spellCheck={false} className="rewards-admin__code" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="bonus_type"
            dependencies={['kind']}
            {...fieldRules(bonusTypeOf(kind), t('fields.bonus_type'))}
          >
            <Select<TBonusType>
              options={bonusTypes.map((value) => ({ value, label: t(`bonusTypes.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="bonus_value"
            dependencies={['bonus_type']}
            {...fieldRules(bonusValueSchema, t('fields.bonus_value'))}
            extra={bonusType ? t(`hints.bonus_value_${bonusType}`) : undefined}
          >
            <InputNumber<number> style={{ width: '100%' }} inputMode="numeric" min={1} />
          </Form.Item>
        </Col>
        {kind === 'channel' && (
          <Col xs={24} md={12}>
            <Form.Item
              name="channels"
              {...fieldRules(CHANNELS_REQUIRED, t('fields.channels'))}
              extra={t('hints.channels')}
            >
              <Select<string[]> mode="tags" placeholder={t('form.channelsPlaceholder')} open={false} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="currencies" label={t('fields.currencies')} extra={t('hints.currencies')}>
            <Select<TCurrency[]>
              mode="multiple"
              allowClear
              placeholder={t('form.currenciesPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              options={currencyOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="product_ids" label={t('fields.product_ids')} extra={t('hints.product_ids')}>
            <Select<number[]>
              mode="multiple"
              allowClear
              loading={products.isPending}
              placeholder={t('form.productsPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              options={productOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="valid_from" label={t('fields.valid_from')} extra={t('hints.valid')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="valid_to"
            label={t('fields.valid_to')}
            extra={t('hints.valid')}
            dependencies={['valid_from']}
            validateTrigger={VALIDATE_TRIGGER}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const from = getFieldValue('valid_from') as Dayjs | null;
                  if (value && from && !value.isAfter(from)) {
                    throw new Error(messageTextOf(M.promotion_dates_invalid));
                  }
                },
              }),
            ]}
          >
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="budget_diamonds"
            {...fieldRules(SHAPE.budget_diamonds, t('fields.budget_diamonds'))}
            extra={t('hints.budget_diamonds')}
          >
            <InputNumber<number> style={{ width: '100%' }} inputMode="numeric" min={1} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="uses_per_buyer"
            {...fieldRules(SHAPE.uses_per_buyer, t('fields.uses_per_buyer'))}
            extra={t('hints.uses_per_buyer')}
          >
            <InputNumber<number> style={{ width: '100%' }} inputMode="numeric" min={1} />
          </Form.Item>
        </Col>
      </Row>
      <MinSpendRows form={form} currencyOptions={currencyOptions} />
      <Space>
        {/* With an icon, antd swaps it for the spinner without the collapse animation that can stick in Chromium. */}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden="true" />} loading={pending}>
          {submitLabel}
        </Button>
        <ButtonLink to={listAddress(routePath('promotion'))}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}

/** Minimum spend per currency: rows of a currency and an amount in its own decimals (SGD 50.00, JPY 500). */
function MinSpendRows({
  form,
  currencyOptions,
}: {
  form: FormInstance<TPromotionFormValues>;
  currencyOptions: { value: TCurrency; label: string }[];
}) {
  const { t } = useTranslation('rewards-admin');
  const amountLabel = t('fields.min_spend_amount');
  return (
    <fieldset className="rewards-admin__min-spend">
      <legend className="rewards-admin__legend">{t('fields.min_spend')}</legend>
      <p className="rewards-admin__hint">{t('hints.min_spend')}</p>
      <Form.List name="min_spend">
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row) => {
              const currency = form.getFieldValue(['min_spend', row.name, 'currency']) as
                | TCurrency
                | undefined;
              return (
                <Space key={row.key} align="start" wrap className="rewards-admin__min-spend-row">
                  <Form.Item
                    name={[row.name, 'currency']}
                    label={t('fields.min_spend_currency')}
                    validateTrigger={VALIDATE_TRIGGER}
                    rules={[{ required: true, message: messageTextOf(M.payment_currency_code_tips) }]}
                  >
                    <Select<TCurrency> className="rewards-admin__currency" options={currencyOptions} />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'amount']}
                    label={amountLabel}
                    dependencies={[['min_spend', row.name, 'currency']]}
                    validateTrigger={VALIDATE_TRIGGER}
                    validateFirst
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_rule, value: string | undefined) => {
                          const chosen = getFieldValue(['min_spend', row.name, 'currency']) as
                            | TCurrency
                            | undefined;
                          const text = (value ?? '').trim();
                          const minor = chosen ? parseMajorToMinor(text, chosen) : null;
                          if (text === '' || (chosen && (minor === null || minor < 1))) {
                            throw new Error(invalidFieldMessage(amountLabel));
                          }
                        },
                      }),
                    ]}
                  >
                    <Input inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                  <Button
                    className="rewards-admin__remove"
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={
                      currency ? t('form.removeMinSpend', { currency }) : t('form.removeMinSpendEmpty')
                    }
                    onClick={() => remove(row.name)}
                  />
                </Space>
              );
            })}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => add({ currency: undefined, amount: '' })}
            >
              {t('form.addMinSpend')}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

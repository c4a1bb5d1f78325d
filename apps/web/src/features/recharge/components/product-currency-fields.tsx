import { useTranslation } from 'react-i18next';
import { Field, Select } from '../../../components/ui/field';
import { controlProps, fieldProps } from './field-props';
import { formPart } from './form-part';
import type { TRechargeForm } from './use-recharge-form';

type TProps = {
  form: Pick<
    TRechargeForm,
    'labels' | 'errors' | 'values' | 'products' | 'prices' | 'loading' | 'chooseProduct' | 'chooseCurrency'
  >;
};

/** The product and currency selects, side by side; empty and disabled while the products load. */
export const ProductCurrencyFields = formPart<TProps['form']>(
  function ProductCurrencyFields({ form }: TProps) {
    const { t } = useTranslation('recharge');
    const { values, products, prices, loading } = form;
    return (
      <div className="recharge-form__row">
        <Field {...fieldProps('product_id', form)}>
          <Select
            {...controlProps('product_id', form)}
            value={values.product_id}
            disabled={loading}
            placeholder={loading ? t('form.loading') : undefined}
            options={(products.data ?? []).map((product) => ({
              value: String(product.id),
              label: product.name,
            }))}
            onChange={(event) => form.chooseProduct(event.target.value)}
          />
        </Field>
        <Field {...fieldProps('pay_currency', form)}>
          <Select
            {...controlProps('pay_currency', form)}
            aria-required
            value={values.pay_currency}
            disabled={loading}
            aria-busy={prices.isFetching || undefined}
            options={(prices.data?.currencies ?? []).map((option) => ({
              value: option.code,
              label: `${option.code} · ${option.name}`,
            }))}
            onChange={(event) => form.chooseCurrency(event.target.value)}
          />
        </Field>
      </div>
    );
  },
  (form) => [
    form.labels,
    form.errors.product_id,
    form.errors.pay_currency,
    form.values.product_id,
    form.values.pay_currency,
    form.products.data,
    form.prices.data,
    form.prices.isFetching,
    form.loading,
    form.chooseProduct,
    form.chooseCurrency,
  ],
);

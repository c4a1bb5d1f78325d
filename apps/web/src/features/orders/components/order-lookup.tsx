import type { TOrderLookup } from '@ezrecharge/shared/schemas/orders';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { Button } from '../../../components/ui/button';
import { Field, TextInput } from '../../../components/ui/field';
import { SearchIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { orderSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { useForm } from '../../../lib/use-form';
import { isOrderMoving, useLookupOrder } from '../api/get-order';
import { OrderDetails } from './order-details';
import { OrderOutcomeHead, OrderOutcomeSteps } from './order-outcome';

type TLookupValues = TOrderLookup;

const FIELDS = ['email', 'order_num'] as const;
const REQUIRED: readonly (keyof TLookupValues)[] = FIELDS;

/**
 * The order lookup of /home-order without an order number: a buyer without an account finds an order by the
 * e-mail it was paid with and its order number (POST /api/v1/order/lookup), and sees it as the result page shows it.
 */
export function OrderLookup() {
  const { t } = useTranslation('orders');
  const popup = useErrorPopup();
  const emailLabel = t('lookup.email');
  const orderNumLabel = t('lookup.orderNum');
  const form = useForm<TLookupValues>({
    initial: { email: '', order_num: '' },
    rules: {
      email: [lazyCheck(orderSchemas, (m) => m.ZOrderEmail, emailLabel)],
      order_num: [
        (value) => (value.trim() === '' ? t('lookup.orderNumRequired') : undefined),
        lazyCheck(orderSchemas, (m) => m.ZOrderNum, orderNumLabel),
      ],
    },
    required: REQUIRED,
  });
  const [criteria, setCriteria] = useState<TOrderLookup | null>(null);
  const found = useLookupOrder(criteria);
  const notFound = isApiError(found.error) && found.error.status === 404;
  const refused = isApiError(found.error) && found.error.status === 400;

  // A refused lookup (400) puts the server's messages under the fields, as every form does.
  const setErrors = useRef(form.setErrors);
  setErrors.current = form.setErrors;
  useEffect(() => {
    if (isApiError(found.error) && found.error.status === 400) {
      reportFieldErrors((errors) => setErrors.current(errors), found.error, popup, { fields: FIELDS });
    }
  }, [found.error, popup]);

  const onFinish = (values: TLookupValues): void => {
    const next = { email: values.email.trim(), order_num: values.order_num.trim() };
    if (criteria && criteria.email === next.email && criteria.order_num === next.order_num) {
      void found.refetch();
      return;
    }
    setCriteria(next);
  };

  return (
    <>
      <div className="order-result__card">
        <h1 className="order-result__title">{t('lookup.title')}</h1>
        <p className="order-result__intro">{t('lookup.intro')}</p>
        <form
          className="order-lookup"
          aria-label={t('lookup.label')}
          noValidate
          onSubmit={(event) => void form.handleSubmit(onFinish)(event)}
        >
          {/* Both fields are needed: aria-required says so, without a mark that would join the label's text. */}
          <Field {...form.field('email')} required={false} label={emailLabel}>
            <TextInput {...form.input('email')} inputMode="email" autoComplete="email" spellCheck={false} />
          </Field>
          <Field {...form.field('order_num')} required={false} label={orderNumLabel}>
            <TextInput
              {...form.input('order_num')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
          <Button
            type="submit"
            variant="primary"
            icon={<SearchIcon />}
            loading={found.isFetching && !found.data}
          >
            {t('lookup.submit')}
          </Button>
        </form>
      </div>
      {notFound && <Notice className="order-lookup__result" tone="warning" title={t('result.notFound')} />}
      {found.isError && !notFound && !refused && (
        <Notice className="order-lookup__result" tone="error" title={t('result.loadFailed')} />
      )}
      {found.data && !found.isError && (
        <section className="order-result__card order-lookup__result">
          <OrderOutcomeHead order={found.data} now={found.dataUpdatedAt} level={2} />
          <OrderDetails order={found.data} />
          {isOrderMoving(found.data.order_status, false) && (
            <p className="order-result__updating">{t('result.updating')}</p>
          )}
          <OrderOutcomeSteps
            order={found.data}
            now={found.dataUpdatedAt}
            orderNum={found.data.order_num}
            level={2}
          />
        </section>
      )}
    </>
  );
}

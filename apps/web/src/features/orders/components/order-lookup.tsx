import { SearchOutlined } from '@ant-design/icons';
import { type TOrderLookup, ZOrderEmail, ZOrderNum } from '@ezrecharge/shared/schemas/orders';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules, reportFormError, VALIDATE_TRIGGER, zodRule } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { useErrorPopup } from '../../../lib/popup';
import { isOrderMoving, useLookupOrder } from '../api/get-order';
import { OrderDetails } from './order-details';
import { OrderOutcomeHead, OrderOutcomeSteps } from './order-outcome';

type TLookupValues = TOrderLookup;

const FIELDS = ['email', 'order_num'] as const;

/**
 * The order lookup of /home-order without an order number: a buyer without an account finds an order by the
 * e-mail it was paid with and its order number (POST /api/v1/order/lookup), and sees it as the result page shows it.
 */
export function OrderLookup() {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<TLookupValues>();
  const popup = useErrorPopup();
  const [criteria, setCriteria] = useState<TOrderLookup | null>(null);
  const found = useLookupOrder(criteria);
  const notFound = isApiError(found.error) && found.error.status === 404;

  // A refused lookup (400) puts the server's messages under the fields, as every form does.
  useEffect(() => {
    if (isApiError(found.error) && found.error.status === 400) {
      reportFormError(form, found.error, popup, { fields: FIELDS });
    }
  }, [found.error, form, popup]);

  const onFinish = (values: TLookupValues): void => {
    const next = { email: values.email.trim(), order_num: values.order_num.trim() };
    if (criteria && criteria.email === next.email && criteria.order_num === next.order_num) {
      void found.refetch();
      return;
    }
    setCriteria(next);
  };

  const orderNumLabel = t('lookup.orderNum');
  return (
    <>
      <div className="order-result__card">
        <h1 className="order-result__title">{t('lookup.title')}</h1>
        <p className="order-result__intro">{t('lookup.intro')}</p>
        <Form<TLookupValues>
          form={form}
          name="order-lookup"
          layout="vertical"
          className="order-lookup"
          initialValues={{ email: '', order_num: '' }}
          onFinish={onFinish}
          aria-label={t('lookup.label')}
        >
          <Form.Item name="email" {...fieldRules(ZOrderEmail, t('lookup.email'))}>
            <Input inputMode="email" autoComplete="email" spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="order_num"
            label={orderNumLabel}
            required
            validateTrigger={VALIDATE_TRIGGER}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('lookup.orderNumRequired') },
              zodRule(ZOrderNum, orderNumLabel),
            ]}
          >
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined aria-hidden="true" />}
            loading={found.isFetching && !found.data}
          >
            {t('lookup.submit')}
          </Button>
        </Form>
      </div>
      {notFound && (
        <Alert
          className="order-lookup__result"
          type="warning"
          showIcon
          role="alert"
          title={t('result.notFound')}
        />
      )}
      {found.isError && !notFound && !(isApiError(found.error) && found.error.status === 400) && (
        <Alert
          className="order-lookup__result"
          type="error"
          showIcon
          role="alert"
          title={t('result.loadFailed')}
        />
      )}
      {found.data && !found.isError && (
        <section className="order-result__card order-lookup__result">
          <OrderOutcomeHead status={found.data.order_status} level={2} />
          <OrderDetails order={found.data} />
          {isOrderMoving(found.data.order_status, false) && (
            <p className="order-result__updating">{t('result.updating')}</p>
          )}
          <OrderOutcomeSteps status={found.data.order_status} orderNum={found.data.order_num} level={2} />
        </section>
      )}
    </>
  );
}

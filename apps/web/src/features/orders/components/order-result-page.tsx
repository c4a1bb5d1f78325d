import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { routePath } from '../../../lib/routes';
import { useSignedIn } from '../../../lib/session';
import { isOrderMoving, useGetOrder } from '../api/get-order';
import { OrderDetails } from './order-details';
import { OrderLookup } from './order-lookup';
import { OrderOutcomeHead, OrderOutcomeSteps } from './order-outcome';
import './orders.css';

/** A refused or unknown order number: the server answers 404 (or 400 for a number that cannot exist). */
export const isOrderNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);

function Actions() {
  const { t } = useTranslation('orders');
  const signedIn = useSignedIn();
  return (
    <div className="order-result__actions">
      <Link className="button-link" to={routePath(signedIn ? 'ezrecharge' : 'recharge')}>
        {t('result.rechargeAgain')}
      </Link>
      <Link to={routePath('home-order')}>{t('result.lookupAnother')}</Link>
    </div>
  );
}

function OrderResult({ orderNum, success }: { orderNum: string; success: boolean }) {
  const { t } = useTranslation('orders');
  const order = useGetOrder(orderNum, success);

  if (order.isPending) {
    return (
      <div className="order-result__state" role="status">
        <Spin /> {t('result.loading')}
      </div>
    );
  }
  if (order.isError) {
    const notFound = isOrderNotFound(order.error);
    return (
      <div className="order-result__card">
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={notFound ? t('result.notFound') : t('result.loadFailed')}
          action={
            notFound ? undefined : (
              <Button size="small" onClick={() => void order.refetch()}>
                {t('result.retry')}
              </Button>
            )
          }
        />
        <Actions />
      </div>
    );
  }

  const data = order.data;
  return (
    <div className="order-result__card">
      <OrderOutcomeHead status={data.order_status} level={1} />
      <OrderDetails order={data} />
      {isOrderMoving(data.order_status, success) && (
        <p className="order-result__updating">
          <SyncOutlined spin aria-hidden="true" /> {t('result.updating')}
        </p>
      )}
      <OrderOutcomeSteps status={data.order_status} orderNum={data.order_num} level={1} />
      <Actions />
    </div>
  );
}

/**
 * Order result page /home-order (SPEC.md §2): where the payment page sends the buyer back, with `order_num` and
 * `success`, and where every order e-mail links to. It shows the order as the server has it, titled and explained by
 * its status alone (order-outcome.tsx: `success` only tells whether a payment may still be confirmed), and keeps
 * asking while the status may still move (paid → charging → charged), so the buyer sees the diamonds arrive
 * without reloading. Without an order number it offers
 * the order lookup by e-mail and order number.
 */
export function OrderResultPage() {
  const [search] = useSearchParams();
  const orderNum = (search.get('order_num') ?? '').trim();
  return (
    <div className="order-result">
      {orderNum ? (
        <OrderResult orderNum={orderNum} success={search.get('success') === 'true'} />
      ) : (
        <OrderLookup />
      )}
    </div>
  );
}

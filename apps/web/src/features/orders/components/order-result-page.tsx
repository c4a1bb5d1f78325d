import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HydrateInTurn } from '../../../components/hydrate-in-turn';
import { Notice } from '../../../components/notice';
import { Button } from '../../../components/ui/button';
import { SyncIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
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

/** The rows of the order's details, for the placeholder that holds their place while the order loads. */
const DETAIL_ROWS = 9;

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

/** The card's shape while the order loads: the headline's line, the detail rows, and what loads said in words. */
function OrderLoading() {
  const { t } = useTranslation('orders');
  return (
    <div className="order-result__card order-result__card--loading">
      <div className="order-result__state" role="status">
        <Spinner /> {t('result.loading')}
      </div>
      <div className="order-details order-details--placeholder" aria-hidden="true">
        {Array.from({ length: DETAIL_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, always the same count
          <div key={i} className="order-details__row">
            <span className="order-result__bone" />
            <span className="order-result__bone order-result__bone--short" />
          </div>
        ))}
      </div>
    </div>
  );
}

function OrderResult({ orderNum, success }: { orderNum: string; success: boolean }) {
  const { t } = useTranslation('orders');
  const order = useGetOrder(orderNum, success);

  if (order.isPending) return <OrderLoading />;
  if (order.isError) {
    const notFound = isOrderNotFound(order.error);
    return (
      <div className="order-result__card">
        <Notice
          tone={notFound ? 'warning' : 'error'}
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

  // Drawn by the server with the order (app/prerender.tsx), the details and the steps hydrate in turns of their own.
  const data = order.data;
  return (
    <div className="order-result__card">
      <OrderOutcomeHead order={data} now={order.dataUpdatedAt} level={1} />
      <HydrateInTurn>
        <OrderDetails order={data} />
      </HydrateInTurn>
      {isOrderMoving(data.order_status, success) && (
        <p className="order-result__updating">
          <SyncIcon className="order-result__sync" /> {t('result.updating')}
        </p>
      )}
      <HydrateInTurn>
        <OrderOutcomeSteps order={data} now={order.dataUpdatedAt} orderNum={data.order_num} level={1} />
      </HydrateInTurn>
      <Actions />
    </div>
  );
}

/**
 * Order result page /home-order (SPEC.md §2): where the payment page sends the buyer back, with `order_num` and
 * `success`, and where every order e-mail links to. It shows the order as the server has it, titled and explained by
 * its status alone (order-outcome.tsx: `success` only tells whether a payment may still be confirmed), and keeps
 * asking while the status may still move (paid → charging → charged), so the buyer sees the diamonds arrive
 * without reloading. Without an order number it offers the order lookup by e-mail and order number.
 *
 * An order's page is at least a screen tall (order-result--order), loading or loaded: the footer starts below the
 * fold either way, so it does not jump when the order arrives.
 */
export function OrderResultPage() {
  const [search] = useSearchParams();
  const orderNum = (search.get('order_num') ?? '').trim();
  return (
    <div className={orderNum ? 'order-result order-result--order' : 'order-result'}>
      {orderNum ? (
        <OrderResult orderNum={orderNum} success={search.get('success') === 'true'} />
      ) : (
        <OrderLookup />
      )}
    </div>
  );
}

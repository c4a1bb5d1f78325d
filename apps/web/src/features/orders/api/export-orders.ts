import type { TOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { downloadFile } from '../../../lib/download';

/** GET /api/v1/order/export: the CSV the server writes. */
export const ORDER_EXPORT_PATH = '/api/v1/order/export';

/**
 * GET /api/v1/order/export?order_num&game_id&order_status&attention (issue #28, superusers): downloads every order
 * the list's filters select (no paging) as CSV, headers and status names in the console's language (the request's
 * Accept-Language). Empty filters are left out of the address.
 */
export function exportOrders(filters: TOrderListQuery): Promise<void> {
  return downloadFile(ORDER_EXPORT_PATH, { ...filters });
}

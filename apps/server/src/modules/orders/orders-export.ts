import {
  formatMinor,
  isOrderStatus,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type TLanguage,
  type TOrderStatus,
} from '@ezrecharge/shared';
import type { DbOrTx } from '../../infra/db';
import { shopSecondsFormatter } from '../../infra/shop-time';
import { csvLine, UTF8_BOM } from './orders-csv';
import { type ExportCursor, type ExportRow, exportBatch, type OrderFilter } from './orders-repository';

/**
 * GET /order/export (issue #28): the orders of the list's filters as CSV for a spreadsheet, one row per order.
 * Read in keyset batches of EXPORT_BATCH rows and written batch by batch, so memory stays flat however many orders
 * match (scripts/bench/order-export.ts: 100 000 orders).
 */

/** Rows per query: large enough that 100 000 orders are 100 short queries, small enough to hold in memory. */
export const EXPORT_BATCH = 1000;

/** Status names in Chinese, as the console's zh locale (orders.json `orderStatus`) words them. */
const ORDER_STATUS_LABELS_ZH: Record<TOrderStatus, string> = {
  1: '预检失败',
  2: '预检成功',
  3: '待支付',
  4: '支付已取消',
  5: '支付失败',
  6: '支付超时',
  7: '支付完成',
  8: '充值中',
  9: '充值成功',
  10: '充值失败',
  11: '退款中',
  12: '退款成功',
  13: '退款失败',
};

const STATUS_NAMES: Record<TLanguage, Record<TOrderStatus, string>> = {
  en: ORDER_STATUS_LABELS,
  zh: ORDER_STATUS_LABELS_ZH,
};

/** The columns, in order; times are the shop's, the zone named in the header. */
const HEADERS: Record<TLanguage, (zone: string) => string[]> = {
  en: (zone) => [
    'Order number',
    `Created (${zone})`,
    `Paid (${zone})`,
    `Delivered (${zone})`,
    'Status code',
    'Status',
    'BIGO ID',
    'E-mail',
    'Product',
    'Pack (diamonds)',
    'Quantity',
    'Currency',
    'Amount',
    'Gateway',
    'Channel',
    'Gateway transaction ID',
    'Bonus diamonds',
    'Promo code',
    'Refund amount',
    `Refunded (${zone})`,
  ],
  zh: (zone) => [
    '订单号',
    `创建时间（${zone}）`,
    `支付时间（${zone}）`,
    `到账时间（${zone}）`,
    '状态码',
    '状态',
    'BIGO ID',
    '邮箱',
    '产品',
    '钻石包（钻石）',
    '数量',
    '币种',
    '金额',
    '支付网关',
    '支付渠道',
    '网关交易号',
    '赠送钻石',
    '优惠码',
    '退款金额',
    `退款时间（${zone}）`,
  ],
};

export interface ExportOptions {
  /** SHOP_TIME_ZONE. */
  timeZone: string;
  lang: TLanguage;
  batchSize?: number;
}

function rowCells(row: ExportRow, lang: TLanguage, time: (at: Date) => string): (string | number | null)[] {
  const status = isOrderStatus(row.status) ? STATUS_NAMES[lang][row.status] : '';
  const refunded = row.status === ORDER_STATUS.REFUNDED;
  return [
    row.orderNum,
    time(row.createdAt),
    row.paidAt && time(row.paidAt),
    row.deliveredAt && time(row.deliveredAt),
    row.status,
    status,
    row.gameId,
    row.email,
    row.productName,
    row.gameAmount,
    row.quantity,
    row.currency,
    formatMinor(row.amount, row.currency),
    row.gateway,
    row.channel,
    row.gatewayRef,
    row.bonusGame,
    row.promoCodes,
    refunded ? formatMinor(row.amount, row.currency) : null,
    refunded && row.refundedAt ? time(row.refundedAt) : null,
  ];
}

/**
 * The CSV text, in chunks: the BOM and the header row, then one chunk per batch of orders. Pulled by the response
 * stream, so the next batch is read only when the client has taken the last one.
 */
export async function* orderCsv(
  db: DbOrTx,
  filter: OrderFilter,
  options: ExportOptions,
): AsyncGenerator<string> {
  const time = shopSecondsFormatter(options.timeZone);
  const limit = options.batchSize ?? EXPORT_BATCH;
  yield UTF8_BOM + csvLine(HEADERS[options.lang](options.timeZone));
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, filter, cursor, limit);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(rowCells(row, options.lang, time))).join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < limit) return;
    cursor = { createdAt: last.cursorAt, id: last.id };
  }
}

import { formatMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayRecord, GatewayRecords } from '../payment-provider';
import { md5 } from './fiuu-protocol';
import { fetchFiuuReport } from './fiuu-report';
import type { FiuuSettings } from './fiuu-settings';

/**
 * Fiuu's "Settlement Report (Reconciliation)" (API Spec for Merchant v13.86 p. 87-92; Postman collection V2.2,
 * Merchant API › Settlement Report): `GET {API host}/RMS/API/settlement/report.php` with version, merchant_id,
 * date (the settlement date, YYYY-MM-DD), format json and token = md5({merchantID}{verify_key}{date}) — the verify
 * key ("Rectify the key used (verify_key)", v13.47).
 *
 * It is where Fiuu tells a merchant of refunds and chargebacks: "Version 4.0, 5.0 and 6.0 will include refund and
 * chargeback records that are excluded from the settlement batch" (record identifier R; G is a transaction fully
 * refunded before settlement). The Daily Transaction Report has no refund state, and Fiuu sends no notification of
 * a refund made in its merchant portal: this report is the only place such a refund shows. Amounts are "numeric
 * without decimal and comma" (minor units; an R's negative). Errors are "always in JSON format" (`{"success":
 * false, "token": "invalid token"}`).
 *
 * Version 4.0: the first with R records, and without version 5.0's pagination (whose page 1 alone carries the R and
 * G records) — a day's refunds come whole in one answer.
 */

const VERSION = '4.0';

export function fiuuSettlementToken(merchantId: string, verifyKey: string, date: string): string {
  return md5(`${merchantId}${verifyKey}${date}`);
}

/** The report's records, or what Fiuu said instead. */
export function parseSettlementReport(text: string): Record<string, string>[] | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() || '[]');
  } catch {
    return { error: 'Fiuu settlement report: the answer is not readable JSON' };
  }
  if (!Array.isArray(parsed)) {
    const o = (parsed ?? {}) as Record<string, unknown>;
    const said = Object.entries(o)
      .filter(([k]) => k !== 'success')
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('; ')
      .slice(0, 200);
    return { error: `Fiuu settlement report: ${said || 'no records'}` };
  }
  return parsed
    .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    .map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
          .map(([k, v]) => [k, String(v).trim()]),
      ),
    );
}

/**
 * The refunds and chargebacks of a settlement batch as gateway records, dated on the batch's date (noon, Malaysia
 * time: the day the money left the merchant's settlement). A G record (refunded in full before settlement) counts
 * only when no R record names the same transaction.
 */
export function refundRecordsOf(rows: readonly Record<string, string>[], date: string): GatewayRecord[] {
  const at = new Date(`${date}T12:00:00+08:00`).toISOString();
  const withR = new Set(rows.filter((r) => r.RecordIdentifier === 'R').map((r) => r.AcquirerReference));
  const records: GatewayRecord[] = [];
  for (const row of rows) {
    const kind = row.RecordIdentifier;
    if (kind !== 'R' && !(kind === 'G' && !withR.has(row.AcquirerReference))) continue;
    const tranId = (row.AcquirerReference ?? '').slice(0, 64);
    const currency = (row.TransactionCurrency ?? '').toUpperCase().slice(0, 3) || null;
    const minor = Math.abs(Number(row.TransactionGrossAmount));
    const status = (row.Status ?? '').slice(0, 40);
    const detail: Record<string, string> = { RecordIdentifier: kind, SettlementDate: date };
    for (const name of ['AcquirerReference', 'Channel', 'Status', 'RefundID', 'MerchantRefID'] as const) {
      if (row[name]) detail[name] = row[name].slice(0, 100);
    }
    records.push({
      kind: 'refund',
      state: /chargeback/i.test(status) ? 'chargeback' : 'refunded',
      orderNum: row.OrderId ? row.OrderId.slice(0, 64) : null,
      ref: (row.RefundID || row.MerchantRefID || tranId).slice(0, 64),
      paymentRef: tranId,
      amount: Number.isSafeInteger(minor) && currency ? formatMinor(minor, currency) : null,
      currency,
      at,
      detail,
    });
  }
  return records;
}

/** The refund and chargeback records of the settlement batch of `date` (YYYY-MM-DD, Malaysia time). */
export async function fiuuSettlementRefunds(
  settings: Pick<FiuuSettings, 'apiUrl' | 'merchantId' | 'verifyKey'>,
  log: FastifyBaseLogger,
  date: string,
): Promise<GatewayRecords> {
  const query = new URLSearchParams({
    version: VERSION,
    merchant_id: settings.merchantId,
    token: fiuuSettlementToken(settings.merchantId, settings.verifyKey, date),
    date,
    format: 'json',
  });
  const answer = await fetchFiuuReport(
    `${settings.apiUrl.replace(/\/+$/, '')}/RMS/API/settlement/report.php?${query}`,
    {},
    'settlement report',
    log,
  );
  if (!answer.ok) return answer;
  const rows = parseSettlementReport(answer.text);
  // The spec documents only refusals (token, date) as errors: any error leaves the day incomplete, never empty.
  if ('error' in rows) return { ok: false, reason: rows.error };
  return { ok: true, records: refundRecordsOf(rows, date) };
}

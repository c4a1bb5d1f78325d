import type { FastifyBaseLogger } from 'fastify';
import type { GatewayRecord, GatewayRecords } from '../payment-provider';
import { fiuuState, md5 } from './fiuu-protocol';
import type { FiuuSettings } from './fiuu-settings';

/**
 * Fiuu's "Daily Transaction Report (Reconciliation)" (API Spec for Merchant v13.86 p. 85-86; Postman collection
 * V2.2, Merchant API › Daily Transaction Report): `{API host}/RMS/API/PSQ/psq-daily.php` with merchantID, rdate (the
 * date, or the beginning time `YYYY-MM-DD HH:ii:ss`), rduration (seconds; 24 hours without it), version 4.0,
 * response_type json, and skey = md5(rdate + merchantID + secret_key) — the secret key, not the verify key.
 *
 * Fiuu dates everything in Malaysia time (UTC+8, no offset written), so the shop's day [from, to) is asked as its
 * beginning in Malaysia time and its length in seconds (a shop day is not always 86400 seconds long). Each record:
 * BillingDate, OrderID, TranID, Channel, Amount, StatCode (00 success, 11 failure, 22 pending), StatName (captured,
 * settled, authorized / failed, cancelled, chargeback, …, ReqChargeback / Pending, Unknown), BillingName,
 * ServiceItem. The report has no currency field. A chargeback is a failure StatName of the transaction: read as
 * one here. The spec documents no refund state in this report (refunds are in the settlement report's R records).
 */

const REPORT_TIMEOUT_MS = 30_000;
const MYT_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm:ss` in Malaysia time. */
export function fiuuTime(at: Date): string {
  return new Date(at.getTime() + MYT_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A Fiuu time (Malaysia time) as an instant, or null. */
export function fromFiuuTime(text: string | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec((text ?? '').trim());
  return m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
}

export function fiuuDailyReportSkey(rdate: string, merchantId: string, secretKey: string): string {
  return md5(`${rdate}${merchantId}${secretKey}`);
}

const FIELDS = [
  'BillingDate',
  'OrderID',
  'TranID',
  'Channel',
  'Amount',
  'StatCode',
  'StatName',
  'BillingName',
  'ServiceItem',
] as const;

const CHARGEBACK_NAMES = new Set(['chargeback', 'reqchargeback']);

/** The report's rows: a JSON array, or TAB-separated lines (with a first line naming the fields, or in their order). */
export function parseDailyReport(text: string): Record<string, string>[] | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { error: 'the report is not readable JSON' };
    }
    if (!Array.isArray(parsed)) {
      const o = (parsed ?? {}) as Record<string, unknown>;
      const code = String(o.error_code ?? o.StatCode ?? '').slice(0, 16);
      const desc = String(o.error_desc ?? o.error ?? 'no records').slice(0, 200);
      return { error: `Fiuu daily report: ${code ? `${code} ` : ''}${desc}` };
    }
    return parsed
      .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
      .map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
            .map(([k, v]) => [k, String(v)]),
        ),
      );
  }
  const lines = trimmed.split(/\r?\n/);
  if (/^error_code\s*:/i.test(lines[0] ?? '')) {
    return { error: `Fiuu daily report: ${lines.join(' ').slice(0, 200)}` };
  }
  const first = (lines[0] ?? '').split('\t');
  const header = first.includes('OrderID') ? first : null;
  const names: readonly string[] = header ?? FIELDS;
  return (header ? lines.slice(1) : lines)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()]));
    });
}

/** One report row as a gateway record, or null when it names no transaction. */
export function recordOfRow(row: Record<string, string>): GatewayRecord | null {
  const ref = row.TranID ?? '';
  if (ref === '') return null;
  const statName = (row.StatName ?? '').trim();
  const state = fiuuState(row.StatCode);
  const chargeback = CHARGEBACK_NAMES.has(statName.toLowerCase());
  const at = fromFiuuTime(row.BillingDate);
  const detail: Record<string, string> = {};
  for (const name of ['BillingDate', 'Channel', 'StatCode', 'StatName'] as const) {
    if (row[name]) detail[name] = String(row[name]).slice(0, 100);
  }
  return {
    kind: chargeback ? 'refund' : 'payment',
    state: chargeback ? 'chargeback' : (state ?? 'pending'),
    orderNum: row.OrderID ? row.OrderID.slice(0, 64) : null,
    ref: ref.slice(0, 64),
    amount: row.Amount ? row.Amount.trim().slice(0, 32) : null,
    currency: row.Currency ? row.Currency.trim().toUpperCase().slice(0, 3) : null,
    at: at ? at.toISOString() : null,
    detail,
  };
}

/** One of Fiuu's report APIs asked (30 s at most, no redirect followed): its text, or why there is none. */
export async function fetchFiuuReport(
  url: string,
  init: RequestInit,
  name: string,
  log: FastifyBaseLogger,
): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  try {
    const res = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    if (!res.ok) return { ok: false, reason: `Fiuu ${name} answered HTTP ${res.status}` };
    return { ok: true, text };
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, `fiuu ${name} unreachable`);
    return { ok: false, reason: `Fiuu ${name} unreachable` };
  }
}

export async function fiuuDailyRecords(
  settings: Pick<FiuuSettings, 'apiUrl' | 'merchantId' | 'secretKey'>,
  log: FastifyBaseLogger,
  window: { from: Date; to: Date },
): Promise<GatewayRecords> {
  const rdate = fiuuTime(window.from);
  const seconds = Math.round((window.to.getTime() - window.from.getTime()) / 1000);
  const fields = {
    merchantID: settings.merchantId,
    rdate,
    rduration: String(seconds),
    version: '4.0',
    response_type: 'json',
    skey: fiuuDailyReportSkey(rdate, settings.merchantId, settings.secretKey),
  };
  const answer = await fetchFiuuReport(
    `${settings.apiUrl.replace(/\/+$/, '')}/RMS/API/PSQ/psq-daily.php`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    },
    'daily report',
    log,
  );
  if (!answer.ok) return answer;
  const rows = parseDailyReport(answer.text);
  if ('error' in rows) {
    // "No record" is an empty day, not a failure.
    if (/no record|not found|Q203/i.test(rows.error)) return { ok: true, records: [] };
    return { ok: false, reason: rows.error };
  }
  const records = rows.map(recordOfRow).filter((r): r is GatewayRecord => r !== null);
  return { ok: true, records };
}

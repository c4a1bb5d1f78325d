import type { FastifyInstance, FastifyReply } from 'fastify';
import { dailyReportSkey, sameHash } from './fiuu-formulas';
import { FIUU_BUYER_CANCEL, FIUU_STATUS, FIUU_TXN, type FiuuSandboxTxn } from './fiuu-records';
import { formFields } from './form-fields';
import type { FiuuSandboxOptions } from './sandbox-options';
import type { SandboxRecords } from './sandbox-store';

/**
 * Fiuu's "Daily Transaction Report (Reconciliation)", written from the API Spec for Merchant v13.86 (p. 85-86) and
 * the Postman collection V2.2 item of the same name:
 *
 *   POST|GET {prefix}/fiuu-api/RMS/API/PSQ/psq-daily.php
 *
 * Request: merchantID, skey = md5(rdate + merchantID + secret_key), rdate (`YYYY-MM-DD` or `YYYY-MM-DD HH:ii:ss`,
 * Malaysia time like every Fiuu time), rduration (seconds, default 86400), status (`00|11|22`, empty for all),
 * version, response_type (text, the default, or json). Every transaction whose BillingDate falls in
 * [rdate, rdate + rduration) is answered, oldest first, with the documented fields: BillingDate, OrderID, TranID,
 * Channel, Amount, StatCode, StatName, BillingName, ServiceItem. The text answer is one line per transaction, the
 * fields TAB-separated in that order, after a first line naming them (the spec says "plain text with newline & TAB
 * characters" without showing a header: the sandbox names its columns so a reader can check them). The report has
 * no currency field: the spec lists none, in the base or the additional fields.
 *
 * Refusals use the status query's PSQ codes (the spec lists none of its own): Q01 a mandatory field missing, Q04
 * an unknown merchant, Q202 a wrong skey, Q05 an rdate or rduration that does not read.
 */

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

const STAT_NAMES: Record<string, string> = {
  [FIUU_STATUS.paid]: 'captured',
  [FIUU_STATUS.failed]: 'failed',
  [FIUU_STATUS.pending]: 'pending',
};

/** A Fiuu time (Malaysia time, no offset) as epoch ms, or NaN. */
function mytMs(text: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/.exec(text);
  if (!m) return Number.NaN;
  return Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}+08:00`);
}

function answer(reply: FastifyReply, json: boolean, rows: Record<string, string>[]): FastifyReply {
  if (json) return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ');
  const lines = [FIELDS.join('\t'), ...rows.map((r) => FIELDS.map((f) => clean(r[f] ?? '')).join('\t'))];
  return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
}

function refusal(reply: FastifyReply, json: boolean, code: string, desc: string): FastifyReply {
  const body = { error_code: code, error_desc: desc };
  if (json) return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  return reply.type('text/plain; charset=utf-8').send(`error_code: ${code}\nerror_desc: ${desc}\n`);
}

export function registerFiuuReportSandbox(
  app: FastifyInstance,
  { fiuu, store }: { fiuu: FiuuSandboxOptions; store: SandboxRecords },
): void {
  const report = async (input: unknown, reply: FastifyReply) => {
    const f = formFields(input);
    const json = (f.response_type ?? '').toLowerCase() === 'json';
    const merchantID = f.merchantID ?? '';
    const rdate = f.rdate ?? '';
    if (merchantID === '' || rdate === '' || !f.skey) {
      return refusal(reply, json, 'Q01', 'Missing Required Parameter (merchantID, rdate, skey).');
    }
    if (merchantID !== fiuu.merchantId) return refusal(reply, json, 'Q04', 'Merchant info not found.');
    if (!sameHash(dailyReportSkey({ rdate, merchantID }, fiuu.secretKey), f.skey)) {
      return refusal(reply, json, 'Q202', 'Incorrect skey');
    }
    const from = mytMs(rdate);
    const duration = f.rduration === undefined || f.rduration === '' ? 86_400 : Number(f.rduration);
    if (Number.isNaN(from) || !Number.isSafeInteger(duration) || duration <= 0) {
      return refusal(reply, json, 'Q05', 'Invalid rdate or rduration.');
    }
    const to = from + duration * 1000;
    const wanted = (f.status ?? '').split('|').filter((s) => s !== '');
    const txns = await store.findBy<FiuuSandboxTxn>(FIUU_TXN, ['domain'], merchantID);
    const rows = txns
      .filter((t) => {
        const at = mytMs(t.paydate);
        return at >= from && at < to && (wanted.length === 0 || wanted.includes(t.status));
      })
      .sort((a, b) => mytMs(a.paydate) - mytMs(b.paydate))
      .map((t) => ({
        BillingDate: t.paydate,
        OrderID: t.orderid,
        TranID: t.tranID,
        Channel: t.channel,
        Amount: t.amount,
        StatCode: t.status,
        StatName: t.errorCode === FIUU_BUYER_CANCEL.code ? 'cancelled' : (STAT_NAMES[t.status] ?? 'Unknown'),
        BillingName: t.billName,
        // The hosted page keeps no description past the payment: the sandbox's ServiceItem is empty.
        ServiceItem: '',
      }));
    return answer(reply, json, rows);
  };
  app.post('/fiuu-api/RMS/API/PSQ/psq-daily.php', async (request, reply) => report(request.body, reply));
  app.get('/fiuu-api/RMS/API/PSQ/psq-daily.php', async (request, reply) => report(request.query, reply));
}

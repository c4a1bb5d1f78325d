import { randomBytes, randomInt } from 'node:crypto';
import { parseMajorToMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';
import {
  FIUU_STATUS,
  fiuuPaydate,
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuSkey,
  fiuuVcode,
  formFields,
  SANDBOX_CANCEL_ERROR,
  SANDBOX_DECLINE_ERROR,
  sameDigest,
} from '../fiuu/fiuu-protocol';
import { fiuuRefundSandboxRoutes } from './fiuu-refund-sandbox';
import {
  details,
  errorPage,
  html,
  page,
  postForm,
  registerSandboxAssets,
  sendPage,
  signParts,
  verifyParts,
} from './sandbox-page';
import { appendToRecord, getRecord, putRecord } from './sandbox-page-records';

/**
 * The built-in Fiuu (DESIGN.md §7), served when no FIUU_* keys are set. It plays Fiuu's side of the protocol
 * exactly: it checks the hosted form's vcode, shows the order with Pay / Fail / Cancel, then sends the result
 * signed with the sandbox secret key to the notify URL (twice, as Fiuu resends) and the callback URL, and hands
 * the buyer back to the return URL with the same signed fields. Its IPN endpoint records each acknowledgement,
 * and its status query answers from the transactions it recorded.
 *
 *   POST /sandbox/fiuu/{merchant}/          hosted page (form post from the browser)
 *   POST /sandbox/fiuu/{merchant}/result    a button of that page
 *   POST /sandbox/fiuu-api/RMS/API/chkstat/returnipn.php    IPN acknowledgement (sandbox_records fiuu_ipn)
 *   POST|GET /sandbox/fiuu-api/RMS/query/q_by_oid.php       status query by order id (from fiuu_txn)
 *   POST /sandbox/fiuu-api/RMS/API/refundAPI/…              refund API and its status query (fiuu-refund-sandbox.ts)
 */

const ASSETS = '/sandbox/fiuu/assets';
const SERVER_POST_TIMEOUT_MS = 10_000;

export const FIUU_TXN = 'fiuu_txn';
export const FIUU_IPN = 'fiuu_ipn';

type Outcome = 'pay' | 'fail' | 'cancel';
const OUTCOMES: readonly Outcome[] = ['pay', 'fail', 'cancel'];

/** One transaction as the sandbox remembers it (sandbox_records fiuu_txn, key = orderid). */
export interface FiuuSandboxTxn {
  tranID: string;
  orderid: string;
  status: string;
  amount: string;
  currency: string;
  paydate: string;
  channel: string;
  billName: string;
  errorCode: string;
  errorDesc: string;
}

/** One IPN acknowledgement received (sandbox_records fiuu_ipn, key = orderid, data.entries[]). */
export interface FiuuSandboxIpn {
  tranID: string;
  status: string;
  treq: string;
  /** Whether the echoed fields still carry a valid skey (a merchant must echo them unchanged). */
  skeyValid: boolean;
  at: string;
}

const STAT_NAMES: Record<string, string> = { '00': 'captured', '11': 'failed', '22': 'pending' };

async function postServerToServer(
  url: string,
  fields: Record<string, string>,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(SERVER_POST_TIMEOUT_MS),
      redirect: 'manual',
    });
    await res.text().catch(() => '');
    if (!res.ok)
      log.warn(
        { url, status: res.status, nbcb: fields.nbcb },
        'fiuu sandbox: merchant refused a result post',
      );
  } catch (err) {
    log.warn(
      { url, err: err instanceof Error ? err.message : String(err) },
      'fiuu sandbox: merchant unreachable',
    );
  }
}

/** The answer of the status query: JSON for type=2, else Fiuu's plain `Key: Value` lines. */
function queryAnswer(reply: FastifyReply, type: string, fields: Record<string, string>): FastifyReply {
  if (type === '2') return reply.type('application/json; charset=utf-8').send(JSON.stringify(fields));
  const text = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return reply.type('text/plain; charset=utf-8').send(`${text}\n`);
}

export const fiuuSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const { merchantId, verifyKey, secretKey } = deps.settings.fiuu;
  const apiBase = `${deps.config.publicUrl}/api/v1/payment/fiuu`;
  const pageKey = `fiuu-sandbox-page:${secretKey}`;

  registerSandboxAssets(app, '/fiuu/assets');

  const bad = (reply: FastifyReply, en: string, zh: string) =>
    sendPage(reply, 400, errorPage(ASSETS, en, zh));

  app.post('/fiuu/:merchant/', async (request, reply) => {
    const { merchant } = request.params as { merchant: string };
    const f = formFields(request.body);
    if (merchant !== merchantId) return bad(reply, 'Unknown merchant ID.', '商户号不存在。');
    const amount = f.amount ?? '';
    const orderid = f.orderid ?? '';
    const currency = f.currency ?? '';
    const returnurl = f.returnurl ?? '';
    if (
      parseMajorToMinor(amount) === null ||
      !/^[0-9A-Za-z_-]{1,40}$/.test(orderid) ||
      !/^[A-Z]{3}$/.test(currency)
    ) {
      return bad(reply, 'The payment request is incomplete.', '支付请求不完整。');
    }
    if (!sameDigest(fiuuVcode(amount, merchant, orderid, verifyKey, currency), f.vcode)) {
      return bad(
        reply,
        'The vcode does not match: the payment request was changed.',
        'vcode 校验失败：支付请求已被篡改。',
      );
    }
    if (!/^https?:\/\/\S+$/.test(returnurl)) {
      return bad(reply, 'The return URL is missing or not a web address.', '返回地址缺失或无效。');
    }
    const signed = { amount, orderid, currency, returnurl, bill_name: f.bill_name ?? '' };
    const button = (outcome: Outcome, label: string, className?: string) =>
      postForm(
        `/sandbox/fiuu/${merchant}/result`,
        {
          ...signed,
          outcome,
          sig: signParts(pageKey, [
            merchant,
            orderid,
            amount,
            currency,
            returnurl,
            signed.bill_name,
            outcome,
          ]),
        },
        { label, ...(className ? { className } : {}) },
      ).markup;
    const body = html(
      [
        '<h1>Fiuu payment / Fiuu 支付</h1>',
        '<span class="badge">Sandbox — no real money / 沙盒 — 不会扣款</span>',
        details([
          ['Order / 订单号', orderid],
          ['Amount / 金额', `${currency} ${amount}`],
          ['Description / 说明', f.bill_desc ?? ''],
          ['Buyer / 买家', [f.bill_name, f.bill_email].filter(Boolean).join(' · ')],
        ]).markup,
        '<div class="actions">',
        button('pay', 'Pay / 支付', 'primary'),
        button('fail', 'Fail / 失败', 'danger'),
        button('cancel', 'Cancel / 取消'),
        '</div>',
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets: ASSETS, title: 'Fiuu sandbox / Fiuu 沙盒', body }));
  });

  app.post('/fiuu/:merchant/result', async (request, reply) => {
    const { merchant } = request.params as { merchant: string };
    const f = formFields(request.body);
    const outcome = OUTCOMES.find((o) => o === f.outcome);
    const parts = [
      merchant,
      f.orderid ?? '',
      f.amount ?? '',
      f.currency ?? '',
      f.returnurl ?? '',
      f.bill_name ?? '',
      f.outcome ?? '',
    ];
    if (merchant !== merchantId || !outcome || !verifyParts(pageKey, parts, f.sig)) {
      return bad(reply, 'This result was not issued by the sandbox page.', '该结果不是由沙盒页面生成的。');
    }
    const [, orderid, amount, currency, returnurl, billName] = parts as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    const error =
      outcome === 'cancel' ? SANDBOX_CANCEL_ERROR : outcome === 'fail' ? SANDBOX_DECLINE_ERROR : null;
    const result = {
      tranID: String(randomInt(1_000_000_000, 9_999_999_999)),
      orderid,
      status: outcome === 'pay' ? FIUU_STATUS.paid : FIUU_STATUS.failed,
      domain: merchant,
      amount,
      currency,
      appcode: outcome === 'pay' ? randomBytes(3).toString('hex').toUpperCase() : '',
      paydate: fiuuPaydate(new Date()),
      channel: 'credit',
      error_code: error?.code ?? '',
      error_desc: error?.desc ?? '',
    };
    const fields = { ...result, skey: fiuuSkey(result, secretKey) };

    // Like Fiuu, a later failed attempt never hides a payment already taken for the same order.
    const previous = await getRecord<FiuuSandboxTxn>(db, FIUU_TXN, orderid);
    if (previous?.status !== FIUU_STATUS.paid || result.status === FIUU_STATUS.paid) {
      const txn: FiuuSandboxTxn = {
        tranID: result.tranID,
        orderid,
        status: result.status,
        amount,
        currency,
        paydate: result.paydate,
        channel: result.channel,
        billName,
        errorCode: result.error_code,
        errorDesc: result.error_desc,
      };
      await putRecord(db, FIUU_TXN, orderid, txn);
    }

    // Server to server first, as Fiuu does: notify, the same notify again (Fiuu resends), then the callback.
    await postServerToServer(`${apiBase}/notify`, { ...fields, nbcb: '2' }, request.log);
    await postServerToServer(`${apiBase}/notify`, { ...fields, nbcb: '2' }, request.log);
    await postServerToServer(`${apiBase}/callback`, { ...fields, nbcb: '1' }, request.log);

    const label = {
      pay: 'Payment successful / 支付成功',
      fail: 'Payment failed / 支付失败',
      cancel: 'Payment cancelled / 支付已取消',
    }[outcome];
    const body = html(
      [
        `<h1>${label}</h1>`,
        '<span class="badge">Sandbox — no real money / 沙盒 — 不会扣款</span>',
        details([
          ['Order / 订单号', orderid],
          ['Amount / 金额', `${currency} ${amount}`],
          ['Transaction / 交易号', result.tranID],
        ]).markup,
        '<p class="note">Returning to the shop… / 正在返回商户…</p>',
        postForm(
          returnurl,
          fields,
          { label: 'Return to merchant / 返回商户', className: 'primary' },
          { autoSubmit: true },
        ).markup,
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets: ASSETS, title: label, body, autoSubmit: true }));
  });

  app.post('/fiuu-api/RMS/API/chkstat/returnipn.php', async (request, reply) => {
    const f = formFields(request.body);
    const orderid = f.orderid ?? '';
    if (orderid === '') return reply.status(400).type('text/plain; charset=utf-8').send('INVALID');
    const skeyValid = sameDigest(
      fiuuSkey(
        {
          tranID: f.tranID ?? '',
          orderid,
          status: f.status ?? '',
          domain: f.domain ?? '',
          amount: f.amount ?? '',
          currency: f.currency ?? '',
          paydate: f.paydate ?? '',
          appcode: f.appcode ?? '',
        },
        secretKey,
      ),
      f.skey,
    );
    const ack: FiuuSandboxIpn = {
      tranID: f.tranID ?? '',
      status: f.status ?? '',
      treq: f.treq ?? '',
      skeyValid,
      at: new Date().toISOString(),
    };
    await appendToRecord(db, FIUU_IPN, orderid.slice(0, 64), ack);
    return reply.type('text/plain; charset=utf-8').send(skeyValid && ack.treq === '1' ? 'ACK' : 'INVALID');
  });

  const query = async (input: unknown, reply: FastifyReply) => {
    const f = formFields(input);
    const type = f.type ?? '0';
    const oID = f.oID ?? '';
    const domain = f.domain ?? '';
    const amount = f.amount ?? '';
    // Fiuu publishes no body for a refused or unknown query; the sandbox answers without a StatCode, which the
    // client reads as "no result".
    if (domain !== merchantId || !sameDigest(fiuuQuerySkey(oID, domain, verifyKey, amount), f.skey)) {
      return queryAnswer(reply, type, {
        OrderID: oID,
        StatName: 'Invalid request: skey or domain',
        ErrorDesc: 'Invalid skey',
      });
    }
    const txn = await getRecord<FiuuSandboxTxn>(db, FIUU_TXN, oID);
    if (!txn)
      return queryAnswer(reply, type, {
        OrderID: oID,
        StatName: 'Data not found',
        ErrorDesc: 'Record not found',
      });
    const answer = { Amount: txn.amount, Domain: merchantId, OrderID: txn.orderid, StatCode: txn.status };
    const cancelled = txn.errorCode === SANDBOX_CANCEL_ERROR.code;
    return queryAnswer(reply, type, {
      StatCode: txn.status,
      StatName: cancelled ? 'cancelled' : (STAT_NAMES[txn.status] ?? 'unknown'),
      OrderID: txn.orderid,
      Amount: txn.amount,
      TranID: txn.tranID,
      Domain: merchantId,
      BillingDate: txn.paydate,
      BillingName: txn.billName,
      VrfKey: fiuuQueryVrfKey(answer, secretKey),
      Channel: txn.channel,
      Currency: txn.currency,
      ErrorCode: txn.errorCode,
      ErrorDesc: txn.errorDesc,
    });
  };
  app.post('/fiuu-api/RMS/query/q_by_oid.php', async (request, reply) => query(request.body, reply));
  app.get('/fiuu-api/RMS/query/q_by_oid.php', async (request, reply) => query(request.query, reply));

  await app.register(fiuuRefundSandboxRoutes, deps);
};

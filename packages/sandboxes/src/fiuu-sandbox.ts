import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseAmount } from './amount';
import {
  SANDBOX_FPX_BANKS,
  type SandboxChannel,
  sandboxChannelByCode,
  sandboxChannelByFile,
  sandboxFpxBank,
} from './fiuu-channels';
import { readFiuuControls, registerFiuuControls } from './fiuu-controls';
import {
  fiuuDateTime,
  queryAnswerVrfKey,
  queryRequestSkey,
  resultSkey,
  sameHash,
  vcode,
} from './fiuu-formulas';
import { FIUU_BUYER_CANCEL, FIUU_DECLINE, FIUU_STATUS, FIUU_TXN, type FiuuSandboxTxn } from './fiuu-records';
import { registerFiuuRefundSandbox } from './fiuu-refund-sandbox';
import { registerFiuuReportSandbox } from './fiuu-report-sandbox';
import { registerFiuuSettlementSandbox } from './fiuu-settlement-sandbox';
import { formFields } from './form-fields';
import type { FiuuSandboxOptions, OperatorGuard } from './sandbox-options';
import {
  details,
  errorPage,
  esc,
  html,
  page,
  postForm,
  registerSandboxAssets,
  sendPage,
  signParts,
  verifyParts,
} from './sandbox-page';
import type { SandboxStore } from './sandbox-store';

/**
 * The built-in Fiuu, written from Fiuu's "API Spec for Merchant" v13.86 (formulas: fiuu-formulas.ts). It plays
 * Fiuu's side of a payment:
 *
 * Fiuu has two hosts ("Merchant Request APIs" notes): the payment host, here {prefix}/fiuu, and the API host,
 * {prefix}/fiuu-api; the paths under each are Fiuu's own.
 *
 *   POST {prefix}/fiuu/RMS/pay/{merchant}/ hosted payment page ("Payment Request": the mandatory fields, P04
 *                                          "Incomplete buyer information" unless guest_checkout=1, the vcode in
 *                                          the form the merchant's portal switch says, P03 otherwise), with Pay /
 *                                          Fail / Cancel
 *   POST {prefix}/fiuu/RMS/pay/{merchant}/{filename}   the same page opened on one channel (issue #30; "Payment
 *                                          URL": the channel's filename, or `channel` posted to index.php or to
 *                                          the page above): FPX asks for the bank, an e-wallet or QR channel shows
 *                                          a QR placeholder and a "paid in app" button, a card page Pay / Fail /
 *                                          Cancel; the result reports that channel (fiuu-channels.ts)
 *   POST {prefix}/fiuu/RMS/pay/{merchant}/result   a button of that page: the result is recorded and sent, signed with
 *                                          skey ("skey (in payment response)"), first to the merchant's
 *                                          Notification URL (nbcb=2; twice, since the spec warns that several
 *                                          notifications for one transaction are possible), then to its Callback
 *                                          URL (nbcb=1), then the buyer's browser posts it to returnurl
 *   POST {prefix}/fiuu/RMS/API/chkstat/returnipn.php   IPN acknowledgement on the payment host ("Return URL
 *                                          with IPN": the merchant echoes every field back with treq=1)
 *   POST|GET {prefix}/fiuu-api/RMS/query/q_by_oid.php      "Query by order ID (single output)", type 0 (plain
 *                                          `Key: Value` lines) or 2 (JSON), from the transactions recorded here;
 *                                          refusals with the PSQ error codes (Q01, Q04, Q202 incorrect skey, Q203
 *                                          not found, Q99 more than 1 query in 5 seconds)
 *   POST {prefix}/fiuu-api/RMS/API/refundAPI/…             refunds (fiuu-refund-sandbox.ts)
 *   POST|GET {prefix}/fiuu-api/RMS/API/PSQ/psq-daily.php  the Daily Transaction Report (fiuu-report-sandbox.ts)
 *   GET {prefix}/fiuu-api/RMS/API/settlement/report.php  the Settlement Report with its refund records, and
 *   POST {prefix}/fiuu/portal-refund                       a refund made in the merchant portal (fiuu-settlement-sandbox.ts)
 *   GET|PUT|DELETE {prefix}/fiuu/controls                  send or drop the result posts (fiuu-controls.ts)
 *
 * The Fail button answers status 11 with the card channel's "Do not honor" (CC_05) and Cancel with the card
 * gateway's "Cancel payment by customer." (CC_9935): "Error Codes from Payment Channel", which PG prefixes with
 * CC_ for cards. The status query names such a transaction StatName "cancelled", one of the spec's failure names.
 */

const SERVER_POST_TIMEOUT_MS = 10_000;
/** "maximum 1 query every 5 seconds" ("Merchant Request APIs"). */
const QUERY_INTERVAL_MS = 5_000;

export const FIUU_IPN = 'fiuu_ipn';
/** When the merchant last queried a status (kind fiuu_requery_clock, key = merchant id, data.at = epoch ms). */
export const FIUU_REQUERY_CLOCK = 'fiuu_requery_clock';

export { FIUU_BUYER_CANCEL, FIUU_DECLINE } from './fiuu-records';

/** pay_channel: paid on a page opened on one channel; pay_bank: paid by FPX with the bank chosen on the page. */
type Outcome = 'pay' | 'pay_fpx' | 'fail' | 'cancel' | 'pay_channel' | 'pay_bank';
const OUTCOMES: readonly Outcome[] = ['pay', 'pay_fpx', 'fail', 'cancel', 'pay_channel', 'pay_bank'];
const PAID: readonly Outcome[] = ['pay', 'pay_fpx', 'pay_channel', 'pay_bank'];

/**
 * The channel each button pays through ("Value of channel in return URL"): a card (`credit`), or FPX online banking
 * through Maybank2u (`FPX_MB2U`), whose refunds need the buyer's bank details.
 */
const CHANNEL: Record<Exclude<Outcome, 'pay_channel' | 'pay_bank'>, string> = {
  pay: 'credit',
  pay_fpx: 'FPX_MB2U',
  fail: 'credit',
  cancel: 'credit',
};

/** One IPN acknowledgement received (kind fiuu_ipn, key = orderid, data.entries[]). */
export interface FiuuSandboxIpn {
  tranID: string;
  status: string;
  treq: string;
  /** Whether the echoed fields still carry a valid skey (a merchant must echo them unchanged). */
  skeyValid: boolean;
  at: string;
}

const STAT_NAMES: Record<string, string> = { '00': 'captured', '11': 'failed', '22': 'pending' };

/** "bill_email: mandatory, email". */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the hosted page misses of the buyer ("Request Parameters": bill_name, bill_email, bill_mobile and bill_desc
 * are mandatory), or null. With guest_checkout=1 the merchant "does not hold the customer's bill_name, bill_email or
 * bill_mobile": they must still be sent, but may be dummy or empty (cheatsheet Tip #7: `bill_name=guest&bill_email=
 * &bill_mobile=`); an e-mail that is given must still be one.
 */
function missingBuyerInfo(f: Record<string, string | undefined>): string | null {
  const absent = ['bill_name', 'bill_email', 'bill_mobile', 'bill_desc'].filter(
    (name) => f[name] === undefined,
  );
  if (absent.length > 0) return absent.join(', ');
  if ((f.bill_desc ?? '') === '') return 'bill_desc';
  const email = f.bill_email ?? '';
  if (email !== '' && !EMAIL.test(email)) return 'bill_email';
  if (f.guest_checkout === '1') return null;
  const empty = ['bill_name', 'bill_email', 'bill_mobile'].filter((name) => (f[name] ?? '') === '');
  return empty.length > 0 ? empty.join(', ') : null;
}

async function postToMerchant(url: string, fields: Record<string, string>, log: FastifyBaseLogger) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(SERVER_POST_TIMEOUT_MS),
      redirect: 'manual',
    });
    await res.text().catch(() => '');
    if (!res.ok) {
      log.warn(
        { url, status: res.status, nbcb: fields.nbcb },
        'fiuu sandbox: merchant refused a result post',
      );
    }
  } catch (err) {
    log.warn(
      { url, err: err instanceof Error ? err.message : String(err) },
      'fiuu sandbox: merchant unreachable',
    );
  }
}

/** The status query's answer: JSON for type=2, else Fiuu's plain `Key: Value` lines. */
function queryAnswer(reply: FastifyReply, type: string, fields: Record<string, string>): FastifyReply {
  if (type === '2') return reply.type('application/json; charset=utf-8').send(JSON.stringify(fields));
  const text = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return reply.type('text/plain; charset=utf-8').send(`${text}\n`);
}

/**
 * The transaction a query by order id answers ("single output"): the latest paid one, since a later failed attempt
 * never hides a payment already taken, else the latest; undefined when there is none.
 */
function latestOf(txns: readonly FiuuSandboxTxn[]): FiuuSandboxTxn | undefined {
  const paid = txns.filter((t) => t.status === FIUU_STATUS.paid);
  return (paid.length > 0 ? paid : txns).at(-1);
}

export function registerFiuuSandbox(
  app: FastifyInstance,
  {
    fiuu,
    store,
    requireOperator,
  }: { fiuu: FiuuSandboxOptions; store: SandboxStore; requireOperator: OperatorGuard },
): void {
  const { merchantId, verifyKey, secretKey } = fiuu;
  const base = `${app.prefix}/fiuu`;
  const assets = `${base}/assets`;
  const pageKey = `fiuu-sandbox-page:${secretKey}`;

  registerSandboxAssets(app, '/fiuu/assets');

  const bad = (reply: FastifyReply, en: string, zh: string) =>
    sendPage(reply, 400, errorPage(assets, en, zh));

  /**
   * The hosted page: the request checked as Fiuu checks it, then the page of the channel it was opened on (issue
   * #30), or the default page with every button when none was named.
   */
  const hostedPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string | null,
  ): Promise<FastifyReply> => {
    const { merchant } = request.params as { merchant: string };
    const f = formFields(request.body);
    if (merchant !== merchantId) return bad(reply, 'Unknown merchant ID.', '商户号不存在。');
    const amount = f.amount ?? '';
    const orderid = f.orderid ?? '';
    const currency = f.currency ?? '';
    const returnurl = f.returnurl ?? '';
    // "amount: integer or up to 2 decimal points"; "orderid: alphanumeric up to 40 characters"; "currency: 3 chars".
    if (
      parseAmount(amount) === null ||
      !/^[0-9A-Za-z_-]{1,40}$/.test(orderid) ||
      !/^[A-Z]{3}$/.test(currency)
    ) {
      return bad(reply, 'P03 Your payment info format not correct!', 'P03 支付信息格式不正确。');
    }
    const missing = missingBuyerInfo(f);
    if (missing) {
      return bad(
        reply,
        `P04 Incomplete buyer information: check ${missing}.`,
        `P04 买家信息不完整：请检查 ${missing}。`,
      );
    }
    const expected = vcode(
      { amount, merchantId, orderId: orderid, ...(fiuu.extendedVcode ? { currency } : {}) },
      verifyKey,
    );
    if (!sameHash(expected, f.vcode)) {
      return bad(
        reply,
        'P03 Incorrect security hash string, check "vcode": the payment request was changed, or the vcode is not in the form this merchant is set up for.',
        'P03 vcode 校验失败：支付请求已被篡改，或 vcode 的格式与商户设置不符。',
      );
    }
    if (!/^https?:\/\/\S+$/.test(returnurl)) {
      return bad(reply, 'The return URL is missing or not a web address.', '返回地址缺失或无效。');
    }
    // The channel: by the page's filename, or the `channel` parameter on index.php or the default page.
    let channel: SandboxChannel | null = null;
    const named = (f.channel ?? '').trim();
    if (file !== null && !(file === 'index.php' && named !== '')) {
      channel = sandboxChannelByFile(file) ?? null;
      if (!channel) return bad(reply, `No channel page ${file}.`, `渠道页面 ${file} 不存在。`);
      if (named !== '' && named.toLowerCase() !== channel.code.toLowerCase()) {
        return bad(
          reply,
          `The channel parameter ${named} is not the channel of ${file}.`,
          `channel 参数 ${named} 与页面 ${file} 的渠道不符。`,
        );
      }
    } else if (named !== '') {
      channel = sandboxChannelByCode(named) ?? null;
      if (!channel) return bad(reply, `Unknown channel ${named}.`, `未知渠道 ${named}。`);
    }
    const billName = f.bill_name ?? '';
    const signed = {
      amount,
      orderid,
      currency,
      returnurl,
      bill_name: billName,
      channel: channel?.code ?? '',
    };
    const sigOf = (outcome: Outcome) =>
      signParts(pageKey, [merchant, orderid, amount, currency, returnurl, billName, outcome, signed.channel]);
    const button = (outcome: Outcome, label: string, className?: string) =>
      postForm(
        `${base}/RMS/pay/${merchant}/result`,
        { ...signed, outcome, sig: sigOf(outcome) },
        { label, ...(className ? { className } : {}) },
      ).markup;
    const summary = details([
      ['Order / 订单号', orderid],
      ['Amount / 金额', `${currency} ${amount}`],
      ['Description / 说明', f.bill_desc ?? ''],
      ['Buyer / 买家', [f.bill_name, f.bill_email].filter(Boolean).join(' · ')],
      ...(channel ? ([['Channel / 渠道', `${channel.name} (${channel.code})`]] as [string, string][]) : []),
    ]).markup;
    let actions: string[];
    if (channel === null) {
      actions = [
        button('pay', 'Pay / 支付', 'primary'),
        button('pay_fpx', 'Pay by FPX online banking / FPX 网上银行支付'),
        button('fail', 'Fail / 失败', 'danger'),
        button('cancel', 'Cancel / 取消'),
      ];
    } else if (channel.kind === 'fpx') {
      // FPX asks for the bank (the one the shop opened the page on is chosen already).
      const hidden = Object.entries({ ...signed, outcome: 'pay_bank', sig: sigOf('pay_bank') })
        .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
        .join('');
      const options = SANDBOX_FPX_BANKS.map(
        (b) =>
          `<option value="${esc(b.code)}"${b.code === channel.code ? ' selected' : ''}>${esc(b.name)}</option>`,
      ).join('');
      actions = [
        `<form method="post" action="${esc(`${base}/RMS/pay/${merchant}/result`)}">${hidden}` +
          '<label for="fpx-bank">Bank / 银行</label> ' +
          `<select id="fpx-bank" name="bank" required><option value="">—</option>${options}</select> ` +
          '<button type="submit" class="primary">Sign in to the bank and pay / 登录网银并支付</button></form>',
        button('cancel', 'Cancel / 取消'),
      ];
    } else if (channel.kind === 'wallet') {
      actions = [
        `<div class="qr" role="img" aria-label="QR code (sandbox placeholder) / 二维码（沙盒占位）">QR</div>` +
          `<p class="note">Scan with ${esc(channel.name)} and confirm in the app. / 请用 ${esc(channel.name)} 扫码并在应用内确认。</p>`,
        button('pay_channel', 'Paid in app / 已在应用内支付', 'primary'),
        button('cancel', 'Cancel / 取消'),
      ];
    } else {
      actions = [
        button('pay_channel', 'Pay / 支付', 'primary'),
        button('fail', 'Fail / 失败', 'danger'),
        button('cancel', 'Cancel / 取消'),
      ];
    }
    const body = html(
      [
        '<h1>Fiuu payment / Fiuu 支付</h1>',
        '<span class="badge">Sandbox — no real money / 沙盒 — 不会扣款</span>',
        summary,
        '<div class="actions">',
        ...actions,
        '</div>',
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets, title: 'Fiuu sandbox / Fiuu 沙盒', body }));
  };

  app.post('/fiuu/RMS/pay/:merchant/', async (request, reply) => hostedPage(request, reply, null));
  app.post('/fiuu/RMS/pay/:merchant/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    return hostedPage(request, reply, file);
  });

  app.post('/fiuu/RMS/pay/:merchant/result', async (request, reply) => {
    const { merchant } = request.params as { merchant: string };
    const f = formFields(request.body);
    const outcome = OUTCOMES.find((o) => o === f.outcome);
    const orderid = f.orderid ?? '';
    const amount = f.amount ?? '';
    const currency = f.currency ?? '';
    const returnurl = f.returnurl ?? '';
    const billName = f.bill_name ?? '';
    const chosen = f.channel ?? '';
    const parts = [merchant, orderid, amount, currency, returnurl, billName, f.outcome ?? '', chosen];
    if (merchant !== merchantId || !outcome || !verifyParts(pageKey, parts, f.sig)) {
      return bad(reply, 'This result was not issued by the sandbox page.', '该结果不是由沙盒页面生成的。');
    }
    // The channel the result reports ("Value of channel in return URL"): the page's channel, the bank chosen on an
    // FPX page, or the default page's button's.
    let paidThrough: string;
    if (outcome === 'pay_bank') {
      const bank = sandboxFpxBank(f.bank ?? '');
      if (!bank) return bad(reply, 'Please choose your bank.', '请选择银行。');
      paidThrough = bank.reported;
    } else if (outcome === 'pay_channel') {
      const channel = sandboxChannelByCode(chosen);
      if (!channel) return bad(reply, 'This result names no channel.', '该结果未注明渠道。');
      paidThrough = channel.reported;
    } else {
      paidThrough = CHANNEL[outcome];
    }

    const error = outcome === 'cancel' ? FIUU_BUYER_CANCEL : outcome === 'fail' ? FIUU_DECLINE : null;
    const result = {
      // "tranID: integer, 10 digits".
      tranID: String(randomInt(1_000_000_000, 9_999_999_999)),
      orderid,
      status: PAID.includes(outcome) ? FIUU_STATUS.paid : FIUU_STATUS.failed,
      domain: merchant,
      amount,
      currency,
      // "appcode: Bank approval code. Mandatory for card payment. Certain channels return empty value."
      appcode:
        outcome === 'pay' || paidThrough === 'Credit' ? randomBytes(3).toString('hex').toUpperCase() : '',
      paydate: fiuuDateTime(new Date()),
      channel: paidThrough,
      error_code: error?.code ?? '',
      error_desc: error?.desc ?? '',
    };
    const fields = { ...result, skey: resultSkey(result, secretKey) };

    // Every attempt is a transaction of its own: paying an order id twice takes the money twice, as at Fiuu.
    const txn: FiuuSandboxTxn = {
      tranID: result.tranID,
      domain: merchant,
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
    await store.put(FIUU_TXN, result.tranID, txn);

    // The controls may drop every message: the payment is taken, the merchant hears nothing (a lost notification).
    const dropped = (await readFiuuControls(store)).notify === 'drop';
    if (!dropped) {
      // Server to server first: the notification, the same notification again, then the callback.
      await postToMerchant(fiuu.notifyUrl, { ...fields, nbcb: '2' }, request.log);
      await postToMerchant(fiuu.notifyUrl, { ...fields, nbcb: '2' }, request.log);
      await postToMerchant(fiuu.callbackUrl, { ...fields, nbcb: '1' }, request.log);
    }

    const label = {
      pay: 'Payment successful / 支付成功',
      pay_fpx: 'Payment successful / 支付成功',
      pay_channel: 'Payment successful / 支付成功',
      pay_bank: 'Payment successful / 支付成功',
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
        dropped
          ? '<p class="note">The sandbox controls drop notifications: nothing is sent to the shop. / 沙盒设置为丢弃通知：不会通知商户。</p>'
          : '<p class="note">Returning to the shop… / 正在返回商户…</p>',
        dropped
          ? ''
          : postForm(
              returnurl,
              fields,
              { label: 'Return to merchant / 返回商户', className: 'primary' },
              { autoSubmit: true },
            ).markup,
      ].join(''),
    );
    return sendPage(reply, 200, page({ assets, title: label, body, autoSubmit: !dropped }));
  });

  app.post('/fiuu/RMS/API/chkstat/returnipn.php', async (request, reply) => {
    const f = formFields(request.body);
    const orderid = f.orderid ?? '';
    if (orderid === '') return reply.status(400).type('text/plain; charset=utf-8').send('INVALID');
    const echoed: Parameters<typeof resultSkey>[0] = {
      tranID: f.tranID ?? '',
      orderid,
      status: f.status ?? '',
      domain: f.domain ?? '',
      amount: f.amount ?? '',
      currency: f.currency ?? '',
      paydate: f.paydate ?? '',
      appcode: f.appcode ?? '',
    };
    const ack: FiuuSandboxIpn = {
      tranID: echoed.tranID,
      status: echoed.status,
      treq: f.treq ?? '',
      skeyValid: sameHash(resultSkey(echoed, secretKey), f.skey),
      at: new Date().toISOString(),
    };
    await store.append(FIUU_IPN, orderid.slice(0, 64), ack);
    return reply
      .type('text/plain; charset=utf-8')
      .send(ack.skeyValid && ack.treq === '1' ? 'ACK' : 'INVALID');
  });

  const queryError = (reply: FastifyReply, type: string, code: string, desc: string) =>
    queryAnswer(reply, type, { error_code: code, error_desc: desc });

  const query = async (input: unknown, reply: FastifyReply) => {
    const f = formFields(input);
    const type = f.type ?? '0';
    const oID = f.oID ?? '';
    const domain = f.domain ?? '';
    const amount = f.amount ?? '';
    // "Merchants are not allowed to send in requests too frequently (maximum 1 query every 5 seconds). Massive
    // incoming query will lead to IP blocking": the last query's time per merchant; one sooner is answered Q99.
    const now = Date.now();
    const last = await store.get<{ at: number }>(FIUU_REQUERY_CLOCK, merchantId);
    const tooSoon = last !== undefined && now - last.at < QUERY_INTERVAL_MS;
    await store.put(FIUU_REQUERY_CLOCK, merchantId, { at: now });
    // The PSQ error codes of the spec ("Payment Status Query (PSQ) Error"); the spec shows no error body, so the
    // sandbox answers the code and its description as fields, in the answer format asked for.
    if (tooSoon) {
      return queryError(
        reply,
        type,
        'Q99',
        'Service blocked due to massive connection. Please send only 1 request every 5 minutes.',
      );
    }
    if (oID === '' || domain === '' || amount === '' || !f.skey) {
      return queryError(reply, type, 'Q01', 'Missing Required Parameter (oID, domain, amount, skey).');
    }
    if (domain !== merchantId) return queryError(reply, type, 'Q04', 'Merchant info not found.');
    if (!sameHash(queryRequestSkey({ oID, domain, amount }, verifyKey), f.skey)) {
      return queryError(reply, type, 'Q202', 'Incorrect skey');
    }
    const txn = latestOf(await store.findBy<FiuuSandboxTxn>(FIUU_TXN, ['orderid'], oID));
    // The spec lists Q204 "Incorrect amount" without saying when it is sent; the sandbox answers the transaction it
    // holds whatever amount was asked, so a merchant can see (and hold) a payment of another amount.
    if (!txn) return queryError(reply, type, 'Q203', 'Transaction record not found');
    const signedPart = { Amount: txn.amount, Domain: merchantId, OrderID: txn.orderid, StatCode: txn.status };
    const cancelled = txn.errorCode === FIUU_BUYER_CANCEL.code;
    return queryAnswer(reply, type, {
      StatCode: txn.status,
      StatName: cancelled ? 'cancelled' : (STAT_NAMES[txn.status] ?? 'unknown'),
      OrderID: txn.orderid,
      Amount: txn.amount,
      TranID: txn.tranID,
      Domain: merchantId,
      BillingDate: txn.paydate,
      BillingName: txn.billName,
      VrfKey: queryAnswerVrfKey(signedPart, secretKey),
      Channel: txn.channel,
      Currency: txn.currency,
      ErrorCode: txn.errorCode,
      ErrorDesc: txn.errorDesc,
    });
  };
  app.post('/fiuu-api/RMS/query/q_by_oid.php', async (request, reply) => query(request.body, reply));
  app.get('/fiuu-api/RMS/query/q_by_oid.php', async (request, reply) => query(request.query, reply));

  registerFiuuRefundSandbox(app, { fiuu, store, requireOperator });
  registerFiuuReportSandbox(app, { fiuu, store });
  registerFiuuSettlementSandbox(app, { fiuu, store, requireOperator });
  registerFiuuControls(app, { store, requireOperator });
}

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setFiuuRefundControls } from '../src/fiuu-refund-sandbox';
import { FIUU_REQUERY_CLOCK } from '../src/fiuu-sandbox';
import { formsOf, postForm } from './support/html-forms';
import { formOf, OPERATOR_TOKEN, type SandboxApp, startSandboxApp } from './support/sandbox-app';

/**
 * The built-in Fiuu over HTTP, as a merchant meets it: the hosted page, the signed result posts, the IPN
 * acknowledgement, the status query and the refund API with Fiuu's error codes. The hashes a merchant computes
 * are written out here from the spec's formulas, not taken from the sandbox.
 */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('Fiuu sandbox', () => {
  let t: SandboxApp;
  let merchantId: string;
  let verifyKey: string;
  let secretKey: string;
  let order = 0;

  beforeAll(async () => {
    t = await startSandboxApp();
    ({ merchantId, verifyKey, secretKey } = t.options.fiuu ?? {
      merchantId: '',
      verifyKey: '',
      secretKey: '',
    });
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    t.shopPosts.length = 0;
  });

  const api = (path: string) => `${t.url}/sandbox/fiuu-api${path}`;
  /** Fiuu allows one status query every 5 seconds: the tests let that time pass instead of waiting. */
  const fiveSecondsPass = () => t.store.put(FIUU_REQUERY_CLOCK, merchantId, { at: 0 });
  const queryStatus = async (fields: Record<string, string>) => {
    await fiveSecondsPass();
    return postForm(api('/RMS/query/q_by_oid.php'), fields);
  };

  /** A hosted-page post as a merchant's checkout makes it. */
  function paymentRequest(amount = '27.60', currency = 'MYR') {
    order += 1;
    const orderid = `OD${Date.now()}${order}`;
    return {
      orderid,
      fields: {
        amount,
        orderid,
        currency,
        bill_name: 'Buyer',
        bill_email: 'buyer@example.com',
        bill_mobile: '60123456789',
        bill_desc: '100 diamonds',
        returnurl: `${t.url}/shop/fiuu/return`,
        // The standard vcode: this merchant's portal does not add the currency.
        vcode: md5(`${amount}${merchantId}${orderid}${verifyKey}`),
      },
    };
  }

  /** Pays (or fails, or cancels) an order on the hosted page; the result page's return form. */
  async function settle(outcome: 'pay' | 'pay_fpx' | 'fail' | 'cancel', amount = '27.60') {
    const { orderid, fields } = paymentRequest(amount);
    const page = await postForm(`${t.url}/sandbox/fiuu/RMS/pay/${merchantId}/`, fields);
    expect(page.status).toBe(200);
    const button = formsOf(await page.text()).find((f) => f.fields.outcome === outcome);
    if (!button) throw new Error(`no ${outcome} button`);
    const result = await postForm(new URL(button.action, t.url).toString(), button.fields);
    expect(result.status).toBe(200);
    const [back] = formsOf(await result.text());
    if (!back) throw new Error('no return form');
    return { orderid, back };
  }

  const skeyOf = (f: Record<string, string>) =>
    md5(
      `${f.paydate}${f.domain}${md5(`${f.tranID}${f.orderid}${f.status}${f.domain}${f.amount}${f.currency}`)}${f.appcode}${secretKey}`,
    );

  const hostedPage = () => `${t.url}/sandbox/fiuu/RMS/pay/${merchantId}/`;

  /** Opens the hosted page on a channel (issue #30): by its filename, with `channel` as the shop sends it. */
  async function channelPage(file: string, channel?: string, amount = '27.60', currency = 'MYR') {
    const { orderid, fields } = paymentRequest(amount, currency);
    const res = await postForm(`${hostedPage()}${file}`, { ...fields, ...(channel ? { channel } : {}) });
    return { orderid, res, text: await res.text() };
  }

  const returned = async (button: { action: string; fields: Record<string, string> }) => {
    const result = await postForm(new URL(button.action, t.url).toString(), button.fields);
    expect(result.status).toBe(200);
    const [back] = formsOf(await result.text());
    if (!back) throw new Error('no return form');
    return back;
  };

  it('plays FPX when opened on a bank: asks for the bank and reports the bank chosen', async () => {
    const { orderid, res, text } = await channelPage('FPX_MB2U.php', 'FPX_MB2U');
    expect(res.status).toBe(200);
    expect(text).toContain('<label for="fpx-bank">Bank / 银行</label>');
    expect(text).toContain('<option value="FPX_MB2U" selected>FPX B2C Maybank</option>');
    const form = formsOf(text).find((f) => f.fields.outcome === 'pay_bank');
    if (!form) throw new Error('no bank form');
    // No bank: refused; Maybank2u: paid through FPX_MB2U.
    expect((await postForm(new URL(form.action, t.url).toString(), form.fields)).status).toBe(400);
    const back = await returned({ ...form, fields: { ...form.fields, bank: 'FPX_MB2U' } });
    expect(back.fields).toMatchObject({ orderid, status: '00', channel: 'FPX_MB2U', appcode: '' });
    expect(back.fields.skey).toBe(skeyOf(back.fields));
    // The buyer may switch bank on Fiuu's page: the result names the one used.
    const other = await channelPage('FPX_MB2U.php');
    const otherForm = formsOf(other.text).find((f) => f.fields.outcome === 'pay_bank');
    if (!otherForm) throw new Error('no bank form');
    const switched = await returned({
      ...otherForm,
      fields: { ...otherForm.fields, bank: 'FPX_CIMBCLICKS' },
    });
    expect(switched.fields.channel).toBe('FPX_CIMBCLICKS');
  });

  it('plays an e-wallet: a QR placeholder and a "paid in app" button; the result names the wallet', async () => {
    for (const [file, channel, currency] of [
      ['TNG-EWALLET.php', 'TNG-EWALLET', 'MYR'],
      ['RPP_DuitNowQR.php', 'RPP_DuitNowQR', 'MYR'],
      ['PayNow.php', 'PayNow', 'SGD'],
    ] as const) {
      const { orderid, text } = await channelPage(file, channel, '27.60', currency);
      expect(text).toContain('aria-label="QR code (sandbox placeholder) / 二维码（沙盒占位）"');
      const paid = formsOf(text).find((f) => f.fields.outcome === 'pay_channel');
      if (!paid) throw new Error('no paid-in-app button');
      expect(text).toContain('Paid in app / 已在应用内支付');
      const back = await returned(paid);
      expect(back.fields).toMatchObject({ orderid, status: '00', channel, currency });
    }
  });

  it('plays a card page as the return-URL table reports cards (Credit); `channel` on index.php chooses', async () => {
    const card = await channelPage('indexT.php', 'creditT', '27.60', 'USD');
    const paid = formsOf(card.text).find((f) => f.fields.outcome === 'pay_channel');
    if (!paid) throw new Error('no pay button');
    expect((await returned(paid)).fields.channel).toBe('Credit');
    // "pass the channel parameter to index.php": GrabPay through index.php.
    const grab = await channelPage('index.php', 'GrabPay');
    expect(grab.text).toContain('GrabPay (GrabPay)');
    // And on the default page.
    const { fields } = paymentRequest();
    const bare = await postForm(hostedPage(), { ...fields, channel: 'BOOST' });
    expect(await bare.text()).toContain('BOOST (BOOST)');
  });

  it('refuses an unknown channel page, an unknown channel and a channel that disagrees with the page', async () => {
    expect((await channelPage('FPX_NOPE.php')).res.status).toBe(400);
    expect((await channelPage('', 'NOPE')).res.status).toBe(400);
    const disagree = await channelPage('FPX_MB2U.php', 'BOOST');
    expect(disagree.res.status).toBe(400);
    expect(disagree.text).toContain('The channel parameter BOOST is not the channel of FPX_MB2U.php.');
    // A result whose channel was changed after the page signed it is not believed.
    const { text } = await channelPage('TNG-EWALLET.php', 'TNG-EWALLET');
    const paid = formsOf(text).find((f) => f.fields.outcome === 'pay_channel');
    if (!paid) throw new Error('no paid-in-app button');
    const forged = await postForm(new URL(paid.action, t.url).toString(), {
      ...paid.fields,
      channel: 'BOOST',
    });
    expect(forged.status).toBe(400);
  });

  it('refuses a payment request whose vcode does not match (P03), including the extended form', async () => {
    const { orderid, fields } = paymentRequest();
    const res = await postForm(hostedPage(), { ...fields, amount: '1.00' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('P03 Incorrect security hash string');
    const extended = md5(`${fields.amount}${merchantId}${orderid}${verifyKey}${fields.currency}`);
    expect((await postForm(hostedPage(), { ...fields, vcode: extended })).status).toBe(400);
  });

  it('refuses incomplete buyer information (P04) unless it is a guest checkout', async () => {
    const { fields } = paymentRequest();
    const { bill_mobile: _mobile, ...noMobile } = fields;
    const missing = await postForm(hostedPage(), noMobile);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('P04 Incomplete buyer information: check bill_mobile.');
    const empty = await postForm(hostedPage(), { ...fields, bill_mobile: '' });
    expect(await empty.text()).toContain('check bill_mobile');
    const badEmail = await postForm(hostedPage(), { ...fields, bill_email: 'not an e-mail' });
    expect(await badEmail.text()).toContain('check bill_email');
    // Cheatsheet Tip #7: bill_name=guest&bill_email=&bill_mobile= with guest_checkout=1.
    const guest = { ...fields, bill_name: 'guest', bill_email: '', bill_mobile: '', guest_checkout: '1' };
    expect((await postForm(hostedPage(), guest)).status).toBe(200);
  });

  it('posts a paid result, signed with skey, to the notification URL twice and the callback URL, then returns the buyer', async () => {
    const { orderid, back } = await settle('pay');
    expect(back.action).toBe(`${t.url}/shop/fiuu/return`);
    expect(back.fields).toMatchObject({
      orderid,
      status: '00',
      amount: '27.60',
      currency: 'MYR',
      domain: merchantId,
    });
    expect(back.fields.tranID).toMatch(/^\d{10}$/);
    expect(back.fields.skey).toBe(skeyOf(back.fields));

    expect(t.shopPosts.map((p) => [p.path, formOf(p).nbcb])).toEqual([
      ['/shop/fiuu/notify', '2'],
      ['/shop/fiuu/notify', '2'],
      ['/shop/fiuu/callback', '1'],
    ]);
    for (const post of t.shopPosts) {
      const f = formOf(post);
      expect(f.skey).toBe(skeyOf(f));
      expect(f.tranID).toBe(back.fields.tranID);
    }
  });

  it('fails with the card channel codes: Fail is CC_05, Cancel is CC_9935 (named "cancelled" by the status query)', async () => {
    const failed = await settle('fail');
    expect(failed.back.fields).toMatchObject({
      status: '11',
      error_code: 'CC_05',
      error_desc: 'Do not honor',
    });
    const cancelled = await settle('cancel');
    expect(cancelled.back.fields).toMatchObject({
      status: '11',
      error_code: 'CC_9935',
      error_desc: 'Cancel payment by customer.',
    });
    await fiveSecondsPass();
    const res = await fetch(
      `${api('/RMS/query/q_by_oid.php')}?${new URLSearchParams({
        oID: cancelled.orderid,
        domain: merchantId,
        amount: '27.60',
        skey: md5(`${cancelled.orderid}${merchantId}${verifyKey}27.60`),
        type: '2',
      })}`,
    );
    expect(await res.json()).toMatchObject({ StatCode: '11', StatName: 'cancelled', ErrorCode: 'CC_9935' });
  });

  it('acknowledges an IPN echo on the payment host, only with treq=1 and the skey intact', async () => {
    const { back } = await settle('pay');
    // The payment host's path, as Fiuu's spec gives it (pay.fiuu.com/RMS/API/chkstat/returnipn.php).
    const ipn = `${t.url}/sandbox/fiuu/RMS/API/chkstat/returnipn.php`;
    expect(
      (await postForm(api('/RMS/API/chkstat/returnipn.php'), { ...back.fields, treq: '1' })).status,
    ).toBe(404);
    expect(await (await postForm(ipn, { ...back.fields, treq: '1' })).text()).toBe('ACK');
    expect(await (await postForm(ipn, { ...back.fields, treq: '1', amount: '1.00' })).text()).toBe('INVALID');
    expect(await (await postForm(ipn, back.fields)).text()).toBe('INVALID');
    const [acks] = t.store.dump('fiuu_ipn').slice(-1) as { entries: { skeyValid: boolean }[] }[];
    expect(acks?.entries.map((e) => e.skeyValid)).toEqual([true, false, true]);
  });

  it('answers the status query by order id as plain lines or JSON, with VrfKey', async () => {
    const { orderid, back } = await settle('pay');
    const query = {
      oID: orderid,
      domain: merchantId,
      amount: '27.60',
      skey: md5(`${orderid}${merchantId}${verifyKey}27.60`),
    };
    const json = (await (await queryStatus({ ...query, type: '2' })).json()) as Record<string, string>;
    expect(json).toMatchObject({
      StatCode: '00',
      StatName: 'captured',
      OrderID: orderid,
      Amount: '27.60',
      TranID: back.fields.tranID,
      Domain: merchantId,
      Currency: 'MYR',
      BillingName: 'Buyer',
    });
    expect(json.VrfKey).toBe(md5(`27.60${secretKey}${merchantId}${orderid}00`));
    const text = await (await queryStatus(query)).text();
    expect(text).toContain('StatCode: 00\n');
    expect(text).toContain(`VrfKey: ${json.VrfKey}\n`);
  });

  it('refuses a status query with Fiuu’s PSQ error codes', async () => {
    const { orderid } = await settle('pay');
    const query = {
      oID: orderid,
      domain: merchantId,
      amount: '27.60',
      skey: md5(`${orderid}${merchantId}${verifyKey}27.60`),
      type: '2',
    };
    const answer = async (fields: Record<string, string>) =>
      (await (await queryStatus(fields)).json()) as Record<string, string>;
    expect(await answer({ ...query, skey: md5('x') })).toEqual({
      error_code: 'Q202',
      error_desc: 'Incorrect skey',
    });
    expect(await answer({ ...query, domain: 'someone_else' })).toMatchObject({ error_code: 'Q04' });
    const unknown = { ...query, oID: 'NOSUCHORDER', skey: md5(`NOSUCHORDER${merchantId}${verifyKey}27.60`) };
    expect(await answer(unknown)).toEqual({ error_code: 'Q203', error_desc: 'Transaction record not found' });
    // Plain text, as type 0 answers.
    const lines = await (await queryStatus({ ...unknown, type: '0' })).text();
    expect(lines).toBe('error_code: Q203\nerror_desc: Transaction record not found\n');
  });

  it('answers a second status query within 5 seconds with Q99, as Fiuu blocks merchants that ask too often', async () => {
    const { orderid } = await settle('pay');
    const query = {
      oID: orderid,
      domain: merchantId,
      amount: '27.60',
      skey: md5(`${orderid}${merchantId}${verifyKey}27.60`),
      type: '2',
    };
    expect(((await (await queryStatus(query)).json()) as Record<string, string>).StatCode).toBe('00');
    const again = (await (await postForm(api('/RMS/query/q_by_oid.php'), query)).json()) as Record<
      string,
      string
    >;
    expect(again.error_code).toBe('Q99');
  });

  describe('refunds', () => {
    const refund = (fields: Record<string, string>, key = secretKey) =>
      postForm(api('/RMS/API/refundAPI/index.php'), {
        ...fields,
        Signature: md5(
          `${fields.RefundType}${fields.MerchantID}${fields.RefID}${fields.TxnID}${fields.Amount}${key}`,
        ),
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const status = (refId: string, key = verifyKey) =>
      postForm(api('/RMS/API/refundAPI/q_by_refID.php'), {
        RefID: refId,
        MerchantID: merchantId,
        Signature: md5(`${refId}${merchantId}${key}`),
      }).then((r) => r.json() as Promise<unknown>);
    const request = (over: Record<string, string>) => ({
      RefundType: 'P',
      MerchantID: merchantId,
      RefID: `R${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      TxnID: '1',
      Amount: '27.60',
      ...over,
    });

    beforeEach(async () => setFiuuRefundControls(t.store, { mode: 'succeed' }));

    it('refunds a paid transaction with a signed answer, once per RefID (PR016 after)', async () => {
      const { back } = await settle('pay');
      const fields = request({ TxnID: back.fields.tranID ?? '', Amount: '10.00' });
      const answer = await refund(fields);
      expect(answer).toMatchObject({
        RefundType: 'P',
        RefID: fields.RefID,
        TxnID: fields.TxnID,
        Amount: '10.00',
        Status: '00',
      });
      expect(answer.Signature).toBe(
        md5(
          `P${merchantId}${fields.RefID}${answer.RefundID}${fields.TxnID}10.00${answer.Status}${secretKey}`,
        ),
      );
      expect(await refund(fields)).toEqual({
        error_code: 'PR016',
        error_desc: 'Duplicate RefID found, please provide a unique RefID.',
      });
      expect(await status(fields.RefID)).toEqual([
        expect.objectContaining({
          RefID: fields.RefID,
          TxnID: fields.TxnID,
          RefundID: answer.RefundID,
          Status: 'success',
        }),
      ]);
      // What is left can still be refunded; more cannot.
      expect(await refund(request({ TxnID: fields.TxnID, Amount: '17.61' }))).toMatchObject({
        error_code: 'PR011',
      });
      expect(await refund(request({ TxnID: fields.TxnID, Amount: '17.60' }))).toMatchObject({ Status: '00' });
    });

    it("refuses with Fiuu's codes: missing fields, wrong merchant or signature, unknown or unpaid transaction", async () => {
      const { back } = await settle('fail');
      const failedTxn = back.fields.tranID ?? '';
      expect(await refund(request({ RefundType: '' }))).toMatchObject({ error_code: 'PR001' });
      expect(await refund(request({ RefID: '' }))).toMatchObject({ error_code: 'PR003' });
      expect(await refund(request({ MerchantID: 'someone' }))).toEqual({
        error_code: 'PR007',
        error_desc: 'Merchant ID not found.',
      });
      expect(await refund(request({ TxnID: failedTxn }), 'wrong-secret')).toEqual({
        error_code: 'PR008',
        error_desc: 'Invalid Signature.',
      });
      expect(await refund(request({ RefundType: 'F', TxnID: failedTxn }))).toMatchObject({
        error_code: 'PR001',
      });
      expect(await refund(request({ TxnID: '9999999999' }))).toMatchObject({ error_code: 'PR009' });
      expect(await refund(request({ TxnID: failedTxn }))).toEqual({
        error_code: 'PR010',
        error_desc:
          'Transaction must be in authorized/captured/settled status. Current transaction is in failed status.',
      });
      const noSignature = await postForm(api('/RMS/API/refundAPI/index.php'), request({}));
      expect(await noSignature.json()).toMatchObject({ error_code: 'PR006' });
    });

    it('ends refunds as the controls say: pending settles by the next inquiry, stuck stays, reject says why', async () => {
      const { back } = await settle('pay');
      const txn = back.fields.tranID ?? '';
      await setFiuuRefundControls(t.store, { mode: 'pending' });
      const pending = request({ TxnID: txn, Amount: '1.00' });
      expect(await refund(pending)).toMatchObject({ Status: '22' });
      expect(await status(pending.RefID)).toEqual([expect.objectContaining({ Status: 'success' })]);

      await setFiuuRefundControls(t.store, { mode: 'stuck' });
      const stuck = request({ TxnID: txn, Amount: '1.00' });
      expect(await refund(stuck)).toMatchObject({ Status: '22' });
      expect(await status(stuck.RefID)).toEqual([expect.objectContaining({ Status: 'pending' })]);

      await setFiuuRefundControls(t.store, { mode: 'reject' });
      const rejected = request({ TxnID: txn, Amount: '25.60' });
      expect(await refund(rejected)).toMatchObject({
        Status: '11',
        reason: expect.stringContaining('sandbox control'),
      });
      expect(await status(rejected.RefID)).toEqual([expect.objectContaining({ Status: 'rejected' })]);
      // A rejected refund gave the money back: it can be refunded again.
      await setFiuuRefundControls(t.store, { mode: 'succeed' });
      expect(await refund(request({ TxnID: txn, Amount: '25.60' }))).toMatchObject({ Status: '00' });
    });

    it('answers the status inquiry with INQ006 for an unknown RefID, and INQ codes for bad requests (Appendix C)', async () => {
      expect(await status('nosuchref')).toEqual({
        error_code: 'INQ006',
        error_desc: 'Unable to find refund transaction.',
      });
      expect(await status('nosuchref', 'wrong-verify-key')).toEqual({
        error_code: 'INQ005',
        error_desc: 'Invalid Signature.',
      });
    });

    it('answers the status inquiry busy (PR015) or down (HTTP 503) when told, while refunds go through', async () => {
      const { back } = await settle('pay');
      await setFiuuRefundControls(t.store, { mode: 'pending', inquiry: 'busy' });
      const pending = request({ TxnID: back.fields.tranID ?? '', Amount: '27.60' });
      expect(await refund(pending)).toMatchObject({ Status: '22' });
      expect(await status(pending.RefID)).toEqual({
        error_code: 'PR015',
        error_desc: 'Server is busy, try again later.',
      });
      await setFiuuRefundControls(t.store, { mode: 'pending', inquiry: 'down' });
      const down = await fetch(`${t.url}/sandbox/fiuu-api/RMS/API/refundAPI/q_by_refID.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'RefID=x',
      });
      expect(down.status).toBe(503);
      await setFiuuRefundControls(t.store, { mode: 'succeed' });
      expect(await status(pending.RefID)).toEqual([expect.objectContaining({ Status: 'success' })]);
    });

    it('lets only operators read and set the controls', async () => {
      const controls = `${t.url}/sandbox/fiuu/refund-controls`;
      expect((await fetch(controls)).status).toBe(401);
      const auth = { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' };
      const put = await fetch(controls, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ mode: 'stuck' }),
      });
      expect(await put.json()).toEqual({ mode: 'stuck', inquiry: 'answer' });
      const bad = await fetch(controls, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ mode: 'explode' }),
      });
      expect(bad.status).toBe(400);
      const reset = await fetch(controls, {
        method: 'DELETE',
        headers: { authorization: auth.authorization },
      });
      expect(await reset.json()).toEqual({ mode: 'succeed', inquiry: 'answer' });
    });

    it('needs the buyer’s bank for an online-banking payment and refuses it for a card (PR014, PR012, PR013, PR018)', async () => {
      const fpx = await settle('pay_fpx');
      expect(fpx.back.fields.channel).toBe('FPX_MB2U');
      const base = request({ TxnID: fpx.back.fields.tranID ?? '', Amount: '27.60' });
      expect(await refund(base)).toMatchObject({ error_code: 'PR014' });
      const bank = {
        BankCode: 'MBBEMYKL',
        BankCountry: 'MY',
        BeneficiaryName: 'Jane Doe',
        BeneficiaryAccNo: '1234567890',
      };
      expect(await refund({ ...base, ...bank, BankCode: 'MBB' })).toMatchObject({ error_code: 'PR013' });
      expect(await refund({ ...base, ...bank, BeneficiaryName: 'Jane-Doe!' })).toMatchObject({
        error_code: 'PR018',
      });
      const done = await refund({ ...base, ...bank });
      expect(done).toMatchObject({ RefID: base.RefID, Status: '00' });

      const card = await settle('pay');
      const cardRefund = request({ TxnID: card.back.fields.tranID ?? '', Amount: '27.60' });
      expect(await refund({ ...cardRefund, ...bank })).toMatchObject({ error_code: 'PR012' });
      expect(await refund(cardRefund)).toMatchObject({ Status: '00' });
    });

    it('answers PR015 (server busy) or PR017 (period over) to every refund while its control says so', async () => {
      const { back } = await settle('pay');
      const fields = request({ TxnID: back.fields.tranID ?? '', Amount: '27.60' });
      await setFiuuRefundControls(t.store, { mode: 'busy' });
      expect(await refund(fields)).toEqual({
        error_code: 'PR015',
        error_desc: 'Server is busy, try again later.',
      });
      await setFiuuRefundControls(t.store, { mode: 'expired' });
      expect(await refund(fields)).toMatchObject({ error_code: 'PR017' });
      await setFiuuRefundControls(t.store, { mode: 'succeed' });
      // Nothing was recorded while refused: the same RefID goes through now.
      expect(await refund(fields)).toMatchObject({ RefID: fields.RefID, Status: '00' });
    });
  });
});

describe('Fiuu sandbox for a merchant whose portal adds the currency to the vcode', () => {
  let t: SandboxApp;
  beforeAll(async () => {
    t = await startSandboxApp({ fiuuExtendedVcode: true });
  });
  afterAll(async () => t.close());

  it('takes only the extended vcode, as Fiuu does once support switched it on', async () => {
    const { merchantId = '', verifyKey = '' } = t.options.fiuu ?? {};
    const fields = {
      amount: '27.60',
      orderid: 'ODEXT1',
      currency: 'SGD',
      bill_name: 'guest',
      bill_email: 'buyer@example.com',
      bill_mobile: '',
      guest_checkout: '1',
      bill_desc: '100 diamonds',
      returnurl: `${t.url}/shop/fiuu/return`,
    };
    const page = `${t.url}/sandbox/fiuu/RMS/pay/${merchantId}/`;
    const standard = md5(`27.60${merchantId}ODEXT1${verifyKey}`);
    const extended = md5(`27.60${merchantId}ODEXT1${verifyKey}SGD`);
    expect((await postForm(page, { ...fields, vcode: standard })).status).toBe(400);
    expect((await postForm(page, { ...fields, vcode: extended })).status).toBe(200);
  });
});

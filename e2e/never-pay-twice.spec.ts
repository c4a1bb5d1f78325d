import { MESSAGES } from '@ezrecharge/shared/message-texts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { SEEDED_ADMINS, type TSeededAdmin } from './seeded-admins';
import {
  asReturningVisitor,
  emailsTo,
  expect,
  fillText,
  LANGS,
  signInAsAdmin,
  type TLang,
  test,
  text,
} from './support';

/**
 * Issue #26 in a real browser, in English and in Chinese: the operator's confirmations that keep a buyer from being
 * paid twice. A visitor pays one order twice (Fiuu's page in two tabs); BIGO's first delivery call gets no answer
 * (HTTP 502, so it may have delivered) and the next is refused (7212005). The operator, in the console's language,
 * follows the overview's "paid twice" card and refunds the extra payment, then the "delivery uncertain" card, whose
 * refund the console refuses until the operator ticks that BIGO's reseller console shows no delivery.
 */

/** Serial: the BIGO simulator's controls are one record for the whole site, read and written whole. */
test.describe.configure({ mode: 'serial' });

const SEEDED_PRODUCT = 'BIGO LIVE Diamonds';

const ADMINS: Record<TLang, TSeededAdmin> = {
  en: SEEDED_ADMINS.neverTwiceEn,
  zh: SEEDED_ADMINS.neverTwiceZh,
};

/** An operator signed in (in English, as support.ts signs in) whose console then speaks `lang`. */
async function operator(browser: Browser, lang: TLang): Promise<{ page: Page; bearer: string }> {
  const page = await (await browser.newContext()).newPage();
  await asReturningVisitor(page, 'en');
  const bearer = await signInAsAdmin(page, ADMINS[lang]);
  // Runs after the visitor's script on every page: the console's language is the operator's.
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  return { page, bearer };
}

/** BIGO's next calls for `bigoId`: no answer (HTTP 502), then a refusal (7212005). */
async function failDeliveriesOf(request: APIRequestContext, bearer: string, bigoId: string) {
  const headers = { Authorization: `Bearer ${bearer}` };
  const current = (await (await request.get('/sandbox/bigo/controls', { headers })).json()) as Record<
    string,
    unknown
  >;
  const res = await request.put('/sandbox/bigo/controls', {
    headers,
    data: {
      ...current,
      fail_next: [
        { http_status: 502, count: 1, endpoint: 'recharge', bigo_id: bigoId },
        { rescode: 7212005, count: 1, endpoint: 'recharge', bigo_id: bigoId },
      ],
    },
  });
  expect(res.status()).toBe(200);
}

/** The visitor's order on /recharge: one pack of 100 diamonds in SGD, handed off to the Fiuu page. */
async function placeOrder(page: Page, lang: TLang, bigoId: string, email: string): Promise<void> {
  const r = (key: string) => text(lang, 'recharge', key);
  await page.goto('/recharge');
  await page.getByLabel(r('form.product'), { exact: true }).selectOption({ label: SEEDED_PRODUCT });
  await page.getByLabel(r('form.currency'), { exact: true }).selectOption('SGD');
  const tile = page.getByRole('radio', {
    name: fillText(r('tile.name'), { diamonds: '100', price: 'SGD 2.45' }),
  });
  await page.locator('label', { has: tile }).click();
  await page.getByLabel(r('form.quantity'), { exact: true }).fill('1');
  await page.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
  await page.getByLabel(r('form.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: r('form.submit') }).click();
  await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
}

/** The overview card of a queue, followed to the order list it links to; returns the order's row there. */
async function fromOverviewCard(page: Page, lang: TLang, card: string, query: string, orderNum: string) {
  const r = (key: string) => text(lang, 'recharge', key);
  const row = page.getByRole('row').filter({ hasText: orderNum }).first();
  await expect(async () => {
    await page.goto('/ezrecharge');
    const overview = page.getByRole('region', { name: r('overview.title') });
    const link = overview.getByRole('link', { name: new RegExp(`^${r(card)}\\s*[1-9]`) });
    // The console loads after the session guard, then the overview: on a busy machine that takes seconds.
    await expect(link).toBeVisible({ timeout: 15_000 });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/order\\?attention=${query}$`));
    await expect(row).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  return row;
}

for (const lang of LANGS) {
  test(`a ${lang} operator refunds a second payment, and an uncertain delivery only after checking BIGO`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const o = (key: string) => text(lang, 'orders', key);
    const msg = (key: keyof typeof MESSAGES) =>
      lang === 'en' ? MESSAGES[key] : text(lang, 'validation', key);
    const bigoId = `e2eTwice${lang}01`;
    const email = `twice.${lang}@example.com`;
    const admin = await operator(browser, lang);
    try {
      await failDeliveriesOf(admin.page.request, admin.bearer, bigoId);

      // The buyer opens Fiuu's page in two tabs and pays in both.
      await asReturningVisitor(page, lang);
      await placeOrder(page, lang, bigoId, email);
      const pay = page.locator('form', { has: page.getByRole('button', { name: 'Pay / 支付' }) });
      const action = new URL((await pay.getAttribute('action')) ?? '', page.url()).toString();
      const fields = Object.fromEntries(
        await pay
          .locator('input[type="hidden"]')
          .evaluateAll((inputs) =>
            inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value] as const),
          ),
      );
      await pay.getByRole('button', { name: 'Pay / 支付' }).click();
      await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
      const orderNum = new URL(page.url()).searchParams.get('order_num') ?? '';
      const secondTab = await page.context().request.post(action, { form: fields });
      expect(secondTab.status()).toBe(200);

      // "Paid twice": the operator refunds the extra payment, with a reason.
      const twice = await fromOverviewCard(admin.page, lang, 'overview.paidTwice', 'paid_twice', orderNum);
      await expect(twice).toContainText(o('attention.paid_twice'));
      const extraButton = twice.getByRole('button', {
        name: new RegExp(fillText(o('actions.refundExtra.buttonFor'), { orderNum, ref: '\\d+' })),
      });
      await extraButton.click();
      const extraDialog = admin.page.getByRole('dialog', {
        name: fillText(o('actions.refundExtra.title'), { orderNum }),
      });
      await expect(extraDialog).toContainText('SGD 2.45');
      await extraDialog.getByLabel(o('actions.reason')).fill('Paid in two tabs');
      await extraDialog.getByRole('button', { name: o('actions.refundExtra.ok'), exact: true }).click();
      await expect(
        admin.page.locator('.app-toast').filter({ hasText: msg('extra_payment_refund_started') }),
      ).toBeVisible();

      // "Delivery uncertain": BIGO got a call it never answered, then refused the next one.
      const uncertain = await fromOverviewCard(
        admin.page,
        lang,
        'overview.deliveryUncertain',
        'delivery_uncertain',
        orderNum,
      );
      await expect(uncertain).toContainText(o('attention.delivery_uncertain'));
      await uncertain
        .getByRole('button', { name: fillText(o('actions.refund.buttonFor'), { orderNum }) })
        .click();
      const dialog = admin.page.getByRole('dialog', {
        name: fillText(o('actions.refund.title'), { orderNum }),
      });
      await expect(dialog.getByText(o('actions.refund.uncertain'))).toBeVisible();
      await dialog.getByLabel(o('actions.reason')).fill('BIGO could not deliver');
      const ok = dialog.getByRole('button', { name: o('actions.refund.ok'), exact: true });
      await ok.click();
      // Not sent without the operator's word: the dialog says what is missing.
      await expect(dialog.getByText(o('actions.refund.confirmRequired'))).toBeVisible();
      // The operator checks BIGO's reseller console (here: the simulator's ledger): nothing was credited.
      const ledger = await admin.page.request.get(`/sandbox/bigo/ledger?bu_orderid=${orderNum}`);
      expect(((await ledger.json()) as { deliveries: number }).deliveries).toBe(0);
      await dialog.getByRole('checkbox', { name: o('actions.refund.confirm') }).check();
      await ok.click();
      await expect(
        admin.page.locator('.app-toast').filter({ hasText: msg('order_refund_started') }),
      ).toBeVisible();

      // The buyer is told of the second payment's refund, in the language of the purchase.
      const subject = lang === 'en' ? 'We are refunding your second payment' : '我们正在退还您重复支付的款项';
      await expect(async () => {
        const mails = await emailsTo(email);
        expect(mails.some((m) => m.subject.startsWith(subject) && m.subject.includes(orderNum))).toBe(true);
      }).toPass({ timeout: 20_000 });
    } finally {
      await admin.page.context().close();
    }
  });
}

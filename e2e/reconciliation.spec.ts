import { SEEDED_ADMINS } from './seeded-admins';
import {
  asReturningVisitor,
  expect,
  fillText,
  LANGS,
  orderStatusOf,
  signInAsAdmin,
  test,
  text,
} from './support';

/**
 * Issue #28 in a real browser: Fiuu takes a payment and drops every notification (the sandbox's controls), so the
 * order stays unpaid here. The operator runs the day's reconciliation in the console, finds the payment as "paid at
 * the gateway but not here", applies it after the confirmation, and the order is paid and delivered.
 */

const SEEDED_PRODUCT = 'BIGO LIVE Diamonds';

/** Today in the shop's time zone (the e2e server keeps the default, Asia/Singapore). */
const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date()).slice(0, 10);

const SIGN_IN = { en: SEEDED_ADMINS.reconciliation, zh: SEEDED_ADMINS.reconciliationZh } as const;

// The sandbox's "drop" control is Fiuu's as a whole: one language after the other, never side by side.
test.describe.configure({ mode: 'serial' });

for (const lang of LANGS)
  test(`an operator runs a reconciliation and applies a payment whose notification was lost (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const operator = await (await browser.newContext()).newPage();
    await asReturningVisitor(operator, lang);
    const bearer = await signInAsAdmin(operator, SIGN_IN[lang]);
    const headers = { Authorization: `Bearer ${bearer}` };

    // A visitor pays an order at Fiuu while Fiuu sends nothing back.
    expect(
      (await request.put('/sandbox/fiuu/controls', { headers, data: { notify: 'drop' } })).status(),
    ).toBe(200);
    const visitor = await (await browser.newContext()).newPage();
    await asReturningVisitor(visitor, 'en');
    const r = (key: string) => text('en', 'recharge', key);
    const bigoId = `recon${Date.now().toString(36)}`;
    try {
      await visitor.goto('/recharge');
      await visitor.getByLabel(r('form.product'), { exact: true }).selectOption({ label: SEEDED_PRODUCT });
      await visitor.getByLabel(r('form.currency'), { exact: true }).selectOption('SGD');
      const tile = visitor.getByRole('radio', {
        name: fillText(r('tile.name'), { diamonds: '100', price: 'SGD 2.45' }),
      });
      await visitor.locator('label', { has: tile }).click();
      await visitor.getByLabel(r('form.quantity'), { exact: true }).fill('1');
      await visitor.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
      await visitor.getByLabel(r('form.email'), { exact: true }).fill('recon.buyer@example.com');
      await visitor.getByRole('button', { name: r('form.submit') }).click();
      await expect(visitor).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
      await visitor.getByRole('button', { name: 'Pay / 支付' }).click();
      await expect(visitor.getByText(/drop notifications/)).toBeVisible();
    } finally {
      await request.delete('/sandbox/fiuu/controls', { headers });
    }

    // The operator reconciles today and applies the payment, in the console's language.
    const c = (key: string, values: Record<string, string> = {}) =>
      fillText(text(lang, 'reconciliation', key), values);
    await operator.goto(`/reconciliation?date=${shopToday()}`);
    await expect(operator.getByRole('heading', { level: 1, name: c('title') })).toBeVisible();
    await operator.getByRole('button', { name: c('run') }).click();
    await expect(operator.getByText(c('runDone'))).toBeVisible();
    const row = operator.locator('tr', { hasText: c('kinds.paid_at_gateway_not_here') }).filter({
      has: operator.getByRole('button', {
        name: new RegExp(`^${c('apply.name', { order: '[0-9A-Za-z]+' })}$`),
      }),
    });
    await expect(row.first()).toBeVisible();
    const orderNum = (await row.first().locator('code').nth(1).textContent())?.trim() ?? '';
    await row
      .first()
      .getByRole('button', { name: c('apply.name', { order: orderNum }) })
      .click();
    await operator.getByRole('button', { name: c('apply.ok') }).click();
    await expect(operator.getByText(c('apply.done'))).toBeVisible();
    // What it led to, in words: the order is now paid.
    await expect(
      operator.getByText(c('mismatches.results.status', { status: text(lang, 'orders', 'orderStatus.7') }), {
        exact: false,
      }),
    ).toBeVisible();

    // The order is paid, and its delivery follows.
    await expect.poll(() => orderStatusOf(request, bearer, orderNum), { timeout: 30_000 }).toBe(9);
  });

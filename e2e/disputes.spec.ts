import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  addSeededPrice,
  asReturningVisitor,
  chooseSeededProduct,
  expect,
  fillText,
  LANGS,
  orderStatusOf,
  signInAsAdmin,
  test,
  text,
} from './support';

/**
 * Issue #28 in a real browser: a buyer pays in a Stripe currency, the card holder's bank opens a dispute (the Stripe
 * sandbox's operator control, which sends the signed `charge.dispute.created` to our webhook as Stripe does), and
 * the operator, in the console's language, follows the overview's "Disputes open" card to the order, reads the
 * dispute and the evidence the shop holds, and submits it to Stripe in one step after a confirmation: the dispute is
 * then under review.
 */

const SIGN_IN = { en: SEEDED_ADMINS.disputes, zh: SEEDED_ADMINS.disputesZh } as const;

const rowOf = (page: Page, orderNum: string) => page.getByRole('row').filter({ hasText: orderNum }).first();

for (const lang of LANGS)
  test(`an operator answers a card holder's dispute with the shop's evidence (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const o = (key: string, values: Record<string, string> = {}) =>
      fillText(text(lang, 'orders', key), values);
    const operator = await (await browser.newContext()).newPage();
    await asReturningVisitor(operator, lang);
    const bearer = await signInAsAdmin(operator, SIGN_IN[lang]);
    const headers = { Authorization: `Bearer ${bearer}` };
    // The seeded catalogue sells in SGD, MYR and USD (all Fiuu); an HKD pack goes to Stripe. Not the recharge
    // journey's HKD pack: adding that one again answers 409, which its page would log as an error.
    await addSeededPrice(operator, { game_amount: 300, currency: 'HKD', unit_amount: 5700 });

    // A visitor pays through Stripe Checkout.
    const buyer = await (await browser.newContext()).newPage();
    await asReturningVisitor(buyer, 'en');
    const r = (key: string) => text('en', 'recharge', key);
    const bigoId = `dispute${lang}${Date.now().toString(36)}`;
    await buyer.goto('/recharge');
    await chooseSeededProduct(buyer);
    const currency = buyer.getByLabel(r('form.currency'), { exact: true });
    const hkd = currency.locator('option').filter({ hasText: /^HKD/ });
    await currency.selectOption({ label: (await hkd.textContent()) ?? '' });
    const tile = buyer.getByRole('radio', { name: '300 diamonds for HKD 57.00' });
    await buyer.locator('label', { has: tile }).click();
    await buyer.getByLabel(r('form.quantity'), { exact: true }).fill('1');
    await buyer.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
    await buyer.getByLabel(r('form.email'), { exact: true }).fill('dispute.buyer@example.com');
    await buyer.getByRole('button', { name: r('form.submit') }).click();
    await expect(buyer).toHaveURL(/\/sandbox\/stripe\/pay\/cs_/);
    const session = /\/pay\/(cs_[A-Za-z0-9_]+)/.exec(buyer.url())?.[1] ?? '';
    await buyer.getByRole('button', { name: 'Pay / 支付' }).click();
    await expect(buyer).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    const orderNum = new URL(buyer.url()).searchParams.get('order_num') ?? '';
    await expect.poll(() => orderStatusOf(request, bearer, orderNum), { timeout: 30_000 }).toBe(9);

    // The card holder's bank disputes the payment.
    const opened = await request.post('/sandbox/stripe/disputes', {
      headers,
      data: { session, reason: 'fraudulent' },
    });
    expect(opened.status(), await opened.text()).toBe(200);

    // The overview counts open disputes and leads to them.
    await operator.goto('/ezrecharge');
    const overview = operator.getByRole('region', { name: text(lang, 'recharge', 'overview.title') });
    const card = overview.getByRole('link', {
      name: new RegExp(`^${text(lang, 'recharge', 'overview.disputesOpen')}\\s*[1-9]`),
    });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.click();
    await expect(operator).toHaveURL(/\/order\?attention=disputed$/);
    const row = rowOf(operator, orderNum);
    await expect(row).toContainText(o('attention.disputed'));

    // The order's dispute and the evidence the shop holds.
    await row.getByRole('button', { name: o('history.showFor', { orderNum }) }).click();
    const disputes = operator.getByRole('region', { name: o('disputes.heading'), exact: true });
    await expect(disputes.getByText(o('disputes.reasons.fraudulent'))).toBeVisible();
    await expect(disputes.getByText(o('disputes.statuses.needs_response'))).toBeVisible();
    const evidence = operator.getByRole('region', { name: o('disputes.evidence'), exact: true });
    const fact = (label: string) =>
      evidence.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(fact(o('disputes.bigoId'))).toHaveText(bigoId);
    await expect(fact(o('disputes.email'))).toHaveText('dispute.buyer@example.com');

    // Submitted in one step, after a confirmation: Stripe now reviews it.
    await evidence
      .getByLabel(o('disputes.explanation'), { exact: true })
      .fill(`The diamonds were delivered to BIGO ID ${bigoId}, which the buyer typed, within a minute.`);
    await evidence.getByRole('button', { name: o('disputes.submit', { gateway: 'Stripe' }) }).click();
    const confirm = operator.getByRole('dialog', {
      name: o('disputes.confirm.title', { gateway: 'Stripe' }),
    });
    await confirm.getByRole('button', { name: o('disputes.confirm.ok'), exact: true }).click();
    await expect(
      operator
        .locator('.app-toast')
        .filter({ hasText: text(lang, 'validation', 'dispute_evidence_submitted') }),
    ).toBeVisible();
    await expect(disputes.getByText(o('disputes.statuses.under_review'))).toBeVisible();
    await expect(evidence.getByText(o('disputes.closedForEvidence'))).toBeVisible();
  });

import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
} from '@ezrecharge/shared/wire-crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSTERS } from '../../../assets/posters';
import { i18n, setLanguage } from '../../../lib/i18n';
import { forgetLiveOffers, getLiveOffers } from '../../../lib/live-offers';
import { setNavigator } from '../../../lib/navigation';
import { HANDOFF_STALL_MS } from '../../../lib/payment-handoff';
import { queryClient } from '../../../lib/query-client';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';
import { fail, heldReply, ok, reply, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/**
 * The form's rules as a first visit meets them: `firstVisit` makes the form find none loaded yet (other tests here
 * load them once for the file), and `loads` counts the loads the form starts.
 */
const orderRules = vi.hoisted(() => ({ firstVisit: false, loads: 0 }));
vi.mock('../utils/order-rules', async (importOriginal) => {
  const original = await importOriginal<typeof import('../utils/order-rules')>();
  return {
    loadOrderRules: () => {
      orderRules.loads += 1;
      return original.loadOrderRules();
    },
    loadedOrderRules: () => (orderRules.firstVisit ? undefined : original.loadedOrderRules()),
  };
});

/**
 * The page's idle moment, held while `held` is set until a test calls `settle()`: whether the form's rules load on
 * focus or at idle must not depend on how busy the machine running the tests is.
 */
const pageIdle = vi.hoisted(() => {
  const idle = {
    held: false,
    waiting: [] as (() => void)[],
    settle: () => {
      for (const then of idle.waiting.splice(0)) then();
    },
  };
  return idle;
});
vi.mock('../../../lib/page-idle', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/page-idle')>();
  return {
    whenPageIdle: (then: () => void) => {
      if (!pageIdle.held) return original.whenPageIdle(then);
      pageIdle.waiting.push(then);
      return () => {
        pageIdle.waiting = pageIdle.waiting.filter((waiting) => waiting !== then);
      };
    },
  };
});

// The pages (and the console layout for /ezrecharge) load lazily; loading them once up front keeps waits short.
beforeAll(() => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]), 30_000);

const PRODUCTS: TProductSelectItem[] = [
  { id: 4, name: 'BIGO Diamonds', code: 'bigo', image: '', comment: '', description: '', pay_note: '' },
  { id: 5, name: 'BIGO Gift Pack', code: 'gift', image: '', comment: '', description: '', pay_note: '' },
];

const PRICES: TPriceSelect = {
  currencies: [
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'HKD', name: 'Hong Kong Dollar' },
  ],
  prices: {
    SGD: [
      { id: 11, currency: 'SGD', game_amount: 100, unit_amount: 250 },
      { id: 12, currency: 'SGD', game_amount: 42_000, unit_amount: 99_900 },
    ],
    HKD: [{ id: 21, currency: 'HKD', game_amount: 600, unit_amount: 11_800 }],
  },
};

/** A select answer as the server sends it: wire-encrypted under the event time of this moment (DESIGN.md §5). */
async function sealed(value: unknown): Promise<TReply> {
  const timestamp = formatEventTime(new Date());
  return ok({ data: await encryptWireJson(value, timestamp, WIRE_CONTEXT.select), timestamp });
}

const FIUU_HANDOFF = {
  method: 'form',
  order_num: 'EZ20250601A1B2C3',
  order_status: 3,
  payment_url: 'https://sandbox.fiuu.example/RMS/pay/ezshop/',
  vcode: '5bf33e6500a53830d4f80087b67e13de',
  return_url: 'https://shop.example/api/v1/payment/fiuu/return',
  amount: '5.00',
  currency: 'SGD',
  bill_email: 'buyer@example.com',
  bill_name: 'guest',
  bill_desc: '200 BIGO LIVE diamonds',
  bill_mobile: '',
  guest_checkout: '1',
  langcode: 'en',
};

const STRIPE_HANDOFF = {
  method: 'redirect',
  order_num: 'EZ20250601D4E5F6',
  order_status: 3,
  payment_url: 'https://shop.example/sandbox/stripe/pay/cs_test_1',
};

/** A product sold in Singapore and Malaysia, Singapore dollars listed first. */
const SG_MY_PRICES: TPriceSelect = {
  currencies: [
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'MYR', name: 'Malaysian Ringgit' },
  ],
  prices: {
    SGD: PRICES.prices.SGD ?? [],
    MYR: [
      { id: 31, currency: 'MYR', game_amount: 100, unit_amount: 800 },
      { id: 32, currency: 'MYR', game_amount: 500, unit_amount: 3_900 },
    ],
  },
};

/** The browser of a buyer in Malaysia: English (Malaysia) on Kuala Lumpur time. */
function browseFromMalaysia(): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-MY', 'en']);
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: 'Asia/Kuala_Lumpur' };
  });
}

/** The posters on screen, by image (the carousel clones slides for its endless loop). */
function shownPosters(): Set<string | null> {
  return new Set(
    screen.getAllByAltText(/^(Promotion poster|活动海报)/).map((img) => img.getAttribute('src')),
  );
}

function catalogueRoutes(prices: TPriceSelect = PRICES) {
  return {
    'GET /api/v1/product/select': () => sealed(PRODUCTS),
    'GET /api/v1/price/select/4': () => sealed(prices),
    'GET /api/v1/price/select/5': () => sealed({ currencies: [], prices: {} }),
    // Issue #16: no promotion on offer (recharge-promo.test.tsx covers the bonuses).
    'POST /api/v1/rewards/quote': () =>
      ok({ amount_game: 0, bonuses: [], bonus_game: 0, promo: null, channel_offers: [] }),
    // Issue #32: every advertised offer running, so that every poster shows.
    'GET /api/v1/rewards/live': () =>
      ok({ bank_transfer: ['MYR', 'SGD'], welcome: true, promo_codes: true, spins: true }),
  };
}

/** What the server would read: the commit body with its payload decrypted. */
async function openCommit(call: TRecordedCall | undefined) {
  const body = call?.body as { data: string; eventtime: string; email: string };
  return {
    email: body.email,
    eventtime: body.eventtime,
    payload: await decryptWireJson(body.data, body.eventtime, WIRE_CONTEXT.order),
  };
}

const form = () => within(screen.getByRole('form', { name: 'Recharge form' }));
const submitButton = () => form().getByText('Pay now').closest('button') as HTMLButtonElement;

async function submit(): Promise<void> {
  await userEvent.click(submitButton());
}

/** The form's field messages on screen, in order. */
function shownErrors(): string[] {
  return [...document.querySelectorAll('.app-field__error')]
    .map((node) => node.textContent ?? '')
    .filter((text) => text !== '');
}

async function chooseTile(name: string): Promise<void> {
  await userEvent.click(await screen.findByRole('radio', { name }));
}

async function chooseOption(field: HTMLElement, label: string): Promise<void> {
  await userEvent.selectOptions(field, within(field).getByRole('option', { name: label }));
}

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  orderRules.firstVisit = false;
  pageIdle.held = false;
  pageIdle.waiting = [];
  setNavigator(null);
  queryClient.clear();
  forgetLiveOffers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of document.querySelectorAll('form[data-payment-handoff]')) node.remove();
  window.sessionStorage.clear();
});

describe('public recharge /recharge', () => {
  it('preselects the first product and currency, shows its packs as labelled tiles, and a currency change clears the pack', async () => {
    stubApi(catalogueRoutes());
    renderApp('/recharge');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recharge BIGO LIVE diamonds' }),
    ).toBeInTheDocument();
    const small = await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });
    const big = form().getByRole('radio', { name: '42,000 diamonds for SGD 999.00, big pack' });
    expect(form().getByRole('radiogroup', { name: 'Diamond package' })).toContainElement(small);
    expect(big.closest('label')?.querySelector('.price-tile__badge svg')).not.toBeNull();
    expect(small.closest('label')?.querySelector('.price-tile__badge svg')).toBeNull();
    expect(form().getByLabelText('Product')).toHaveDisplayValue('BIGO Diamonds');
    expect(form().getByLabelText('Currency')).toHaveDisplayValue('SGD · Singapore Dollar');
    for (const label of ['Product', 'Currency', 'Quantity', 'BIGO ID', 'E-mail']) {
      expect(form().getByLabelText(label)).toBeInTheDocument();
    }
    expect(form().getByLabelText('Quantity')).toHaveValue('1');
    // The how-to on the BIGO ID and the promotion posters in English
    expect(screen.getByRole('heading', { name: 'How to find your BIGO ID' })).toBeInTheDocument();
    expect(screen.getByText(/case-sensitive/, { selector: '.recharge-help__note' })).toBeInTheDocument();
    // Paying in SGD: every poster, the SGD offers too.
    await waitFor(() => expect(shownPosters()).toEqual(new Set(POSTERS.map((poster) => poster.src.en))));

    await userEvent.click(small);
    expect(small).toBeChecked();
    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '3');
    expect(form().getByLabelText('Total')).toHaveTextContent('300 diamonds · SGD 7.50');

    await chooseOption(form().getByLabelText('Currency'), 'HKD · Hong Kong Dollar');
    const hkd = await form().findByRole('radio', { name: '600 diamonds for HKD 118.00' });
    expect(hkd).not.toBeChecked();
    expect(form().queryByRole('radio', { name: /SGD/ })).toBeNull();
    expect(form().getByLabelText('Total')).toHaveTextContent('Choose a package');
  });

  it('stands in its final shape while the catalogue loads: disabled selects, placeholder tiles, no submit', async () => {
    const products = heldReply();
    stubApi({ ...catalogueRoutes(), 'GET /api/v1/product/select': products.handler });
    renderApp('/recharge');

    await screen.findByRole('form', { name: 'Recharge form' });
    const loading = form().getByText('Loading diamond packages…', { ignore: 'option, script, style' });
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(form().getByLabelText('Product')).toBeDisabled();
    expect(form().getByLabelText('Product')).toHaveDisplayValue('Loading diamond packages…');
    expect(form().getByLabelText('Currency')).toBeDisabled();
    // As many tiles as a currency's packs usually are, hidden from assistive technology, where the packs will go.
    const placeholders = document.querySelectorAll('.price-tile--placeholder');
    expect(placeholders).toHaveLength(6);
    expect([...placeholders].every((tile) => tile.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(form().queryByRole('radio')).toBeNull();
    // The rest of the form is there already, the order cannot be sent yet.
    expect(form().getByLabelText('BIGO ID')).toBeEnabled();
    expect(submitButton()).toBeDisabled();

    products.release(await sealed(PRODUCTS));
    expect(await form().findByRole('radio', { name: '100 diamonds for SGD 2.50' })).toBeInTheDocument();
    expect(document.querySelectorAll('.price-tile--placeholder')).toHaveLength(0);
    expect(form().getByLabelText('Product')).toBeEnabled();
    expect(submitButton()).toBeEnabled();
  });

  /** A first visit's /recharge with its packs drawn and the page's idle moment held; the rules' loads so far. */
  async function firstVisitBeforeIdle(): Promise<number> {
    orderRules.firstVisit = true;
    pageIdle.held = true;
    stubApi(catalogueRoutes());
    renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });
    return orderRules.loads;
  }

  it('loads its rules when the buyer first turns to it, not with the page', async () => {
    const before = await firstVisitBeforeIdle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(orderRules.loads).toBe(before);

    await userEvent.click(form().getByLabelText('BIGO ID'));
    expect(orderRules.loads).toBeGreaterThan(before);
  });

  it('loads its rules once the page is idle when the buyer has not turned to it yet', async () => {
    const before = await firstVisitBeforeIdle();
    expect(pageIdle.waiting.length).toBeGreaterThan(0);

    pageIdle.settle();
    expect(orderRules.loads).toBeGreaterThan(before);
  });

  it('checks in SPEC.md order and stops at the first failure: package, quantity, BIGO ID, e-mail', async () => {
    const api = stubApi(catalogueRoutes());
    renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });

    await submit();
    expect(await form().findByText(MESSAGES.payment_price_id_tips)).toBeInTheDocument();
    expect(shownErrors()).toEqual([MESSAGES.payment_price_id_tips]);

    await chooseTile('42,000 diamonds for SGD 999.00, big pack');
    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '3');
    await submit();
    // 3 × 42,000 is over the 100,000 diamonds an order may hold
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.payment_quantity_tips]));

    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '0');
    await submit();
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.payment_quantity_tips]));

    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '2');
    await submit();
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.payment_game_id_tips]));
    expect(form().getByLabelText('BIGO ID')).toHaveFocus();

    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await fill(form().getByLabelText('E-mail'), 'not an e-mail');
    await submit();
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.payment_email_tips]));
    expect(api.callsTo('POST /api/v1/order/')).toHaveLength(0);
  });

  it('asks for a currency first when the product has none on sale', async () => {
    const api = stubApi(catalogueRoutes());
    renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });

    await chooseOption(form().getByLabelText('Product'), 'BIGO Gift Pack');
    await waitFor(() => expect(api.callsTo('GET /api/v1/price/select/5')).toHaveLength(1));
    // Its (empty) prices in: sending before would be checked against a currency the answer then clears.
    await waitFor(() => expect(document.querySelectorAll('.price-tile--placeholder')).toHaveLength(0));
    await submit();
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.payment_currency_code_tips]));
  });

  it.each([
    ['en', 'Recharge form', '700 diamonds for JPY 500', 'Quantity', 'Total', '2,100 diamonds · JPY 1,500'],
    ['zh', '充值表单', '700 颗钻石，JPY 500', '数量', '合计', '2,100 颗钻石 · JPY 1,500'],
  ] as const)(
    'shows yen as whole yen on the tiles and in the total (%s)',
    async (lang, formName, tileName, quantity, totalLabel, total) => {
      await setLanguage(lang);
      stubApi(
        catalogueRoutes({
          currencies: [{ code: 'JPY', name: lang === 'zh' ? '日元' : 'Japanese Yen' }],
          prices: { JPY: [{ id: 31, currency: 'JPY', game_amount: 700, unit_amount: 500 }] },
        }),
      );
      renderApp('/recharge');
      const tile = await screen.findByRole('radio', { name: tileName });
      expect(tile.closest('label')).toHaveTextContent('JPY 500');
      expect(tile.closest('label')).not.toHaveTextContent('5.00');
      await userEvent.click(tile);
      const yenForm = within(screen.getByRole('form', { name: formName }));
      await userEvent.clear(yenForm.getByLabelText(quantity));
      await fill(yenForm.getByLabelText(quantity), '3');
      expect(yenForm.getByLabelText(totalLabel)).toHaveTextContent(total);
    },
  );

  it('starts a buyer in Malaysia in ringgit and shows only the posters that speak to them', async () => {
    browseFromMalaysia();
    stubApi(catalogueRoutes(SG_MY_PRICES));
    renderApp('/recharge');

    expect(await screen.findByRole('radio', { name: '100 diamonds for MYR 8.00' })).toBeInTheDocument();
    expect(form().getByLabelText('Currency')).toHaveDisplayValue('MYR · Malaysian Ringgit');
    expect(form().queryByRole('radio', { name: /SGD/ })).toBeNull();
    // The offers priced in Singapore dollars are not shown to a buyer paying in ringgit.
    const neutral = POSTERS.filter((poster) => !poster.currencies).map((poster) => poster.src.en);
    await waitFor(() => expect(shownPosters()).toEqual(new Set(neutral)));

    // The buyer's own choice wins, and the posters follow it.
    await chooseOption(form().getByLabelText('Currency'), 'SGD · Singapore Dollar');
    expect(await form().findByRole('radio', { name: '100 diamonds for SGD 2.50' })).toBeInTheDocument();
    await waitFor(() => expect(shownPosters()).toEqual(new Set(POSTERS.map((poster) => poster.src.en))));
  });

  it('advertises only the offers that are live: the spins alone, then none (issue #32)', async () => {
    const live = { bank_transfer: [] as string[], welcome: false, promo_codes: false, spins: true };
    stubApi({ ...catalogueRoutes(), 'GET /api/v1/rewards/live': () => ok(live) });
    const { unmount } = renderApp('/recharge');
    expect(await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' })).toBeInTheDocument();
    await waitFor(() => expect(shownPosters()).toEqual(new Set([POSTERS[1]?.src.en])));
    unmount();

    queryClient.clear();
    forgetLiveOffers();
    live.spins = false;
    renderApp('/recharge');
    expect(await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' })).toBeInTheDocument();
    await act(() => getLiveOffers());
    expect(screen.queryAllByAltText(/^Promotion poster/)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Promotions' })).toBeNull();
  });

  it('keeps the BIGO ID, e-mail, pack and quantity across the reload of the language toggle, once', async () => {
    browseFromMalaysia();
    const reload = vi.fn();
    // jsdom cannot reload; the test stands in for the browser's location.
    const { href, origin, protocol, host, hostname, pathname, search, hash } = window.location;
    vi.stubGlobal('location', { href, origin, protocol, host, hostname, pathname, search, hash, reload });
    stubApi({ ...catalogueRoutes(SG_MY_PRICES), 'GET /api/v1/price/select/5': () => sealed(SG_MY_PRICES) });
    const first = renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 diamonds for MYR 8.00' });
    // Not the first product nor the likely currency: choices the reload must not undo.
    await chooseOption(form().getByLabelText('Product'), 'BIGO Gift Pack');
    await screen.findByRole('radio', { name: '100 diamonds for MYR 8.00' });
    await chooseOption(form().getByLabelText('Currency'), 'SGD · Singapore Dollar');
    await chooseTile('42,000 diamonds for SGD 999.00, big pack');
    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '2');
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await fill(form().getByLabelText('E-mail'), 'buyer@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Switch language to 中文' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // The page loads again, now in Chinese.
    first.unmount();
    queryClient.clear();
    renderApp('/recharge');
    const zhForm = within(await screen.findByRole('form', { name: '充值表单' }));
    const pack = await zhForm.findByRole('radio', { name: '42,000 颗钻石，SGD 999.00，大额套餐' });
    expect(pack).toBeChecked();
    expect(zhForm.getByLabelText('产品')).toHaveDisplayValue('BIGO Gift Pack');
    expect(zhForm.getByLabelText('数量')).toHaveValue('2');
    expect(zhForm.getByLabelText('BIGO ID')).toHaveValue('Star88');
    expect(zhForm.getByLabelText('邮箱')).toHaveValue('buyer@example.com');
    expect(zhForm.getByLabelText('合计')).toHaveTextContent('84,000 颗钻石 · SGD 1,998.00');
    // Read once: the next load starts afresh.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps nothing when the page is left or reloaded other than by the language toggle', async () => {
    stubApi(catalogueRoutes());
    const first = renderApp('/recharge');
    await chooseTile('100 diamonds for SGD 2.50');
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    first.unmount();
    expect(window.sessionStorage.length).toBe(0);
    renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });
    expect(form().getByLabelText('BIGO ID')).toHaveValue('');
    expect(form().getByRole('radio', { name: '100 diamonds for SGD 2.50' })).not.toBeChecked();
  });

  it('says the first failing check in Chinese', async () => {
    await setLanguage('zh');
    stubApi(catalogueRoutes());
    renderApp('/recharge');
    await screen.findByRole('radio', { name: '100 颗钻石，SGD 2.50' });
    await userEvent.click(screen.getByText('立即支付').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(shownErrors()).toEqual(['请选择钻石套餐']));
    expect(shownPosters()).toEqual(new Set(POSTERS.map((poster) => poster.src.zh)));
  });

  it('sends the wire-encrypted order, spins while sending, and posts the Fiuu form to the payment page', async () => {
    const created = heldReply();
    const api = stubApi({ ...catalogueRoutes(), 'POST /api/v1/order/': created.handler });
    const posted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this);
    });
    renderApp('/recharge');
    await chooseTile('100 diamonds for SGD 2.50');
    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '2');
    // Copied from the app's profile with its label: the field shows, and the order carries, the ID alone.
    await fill(form().getByLabelText('BIGO ID'), ' ID: Star88 ');
    await fill(form().getByLabelText('E-mail'), 'buyer@example.com');
    expect(form().getByLabelText('BIGO ID')).toHaveValue('Star88');
    await submit();

    await waitFor(() => expect(api.callsTo('POST /api/v1/order/')).toHaveLength(1));
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submitButton());
    expect(api.callsTo('POST /api/v1/order/')).toHaveLength(1);

    const sent = await openCommit(api.callsTo('POST /api/v1/order/')[0]);
    expect(sent.eventtime).toMatch(/^\d{14}$/);
    expect(sent.email).toBe('buyer@example.com');
    expect(sent.payload).toEqual({
      game_type: 1,
      game_id: 'Star88',
      price_id: 11,
      quantity: 2,
      amount: 500,
      amount_game: 200,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    });

    created.release(ok(FIUU_HANDOFF, MSG.order_created));
    await waitFor(() => expect(posted).toHaveLength(1));
    const post = posted[0] as HTMLFormElement;
    expect(post.method).toBe('post');
    expect(post.action).toBe(FIUU_HANDOFF.payment_url);
    expect(post.isConnected).toBe(true);
    const fields = Object.fromEntries(
      [...post.querySelectorAll('input')].map((input) => [input.name, input.value] as const),
    );
    expect([...post.querySelectorAll('input')].every((input) => input.type === 'hidden')).toBe(true);
    expect(fields).toEqual({
      amount: '5.00',
      orderid: FIUU_HANDOFF.order_num,
      vcode: FIUU_HANDOFF.vcode,
      currency: 'SGD',
      returnurl: FIUU_HANDOFF.return_url,
      bill_email: 'buyer@example.com',
      bill_name: 'guest',
      bill_desc: '200 BIGO LIVE diamonds',
      bill_mobile: '',
      guest_checkout: '1',
      langcode: 'en',
    });
    // Leaving for the payment page: the button stays disabled so a second order cannot start.
    expect(await screen.findByText('Taking you to the payment page…')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it.each([
    ['en', 'The payment page has not opened', 'Open the payment page again'],
    ['zh', '支付页面尚未打开', '重新打开支付页面'],
  ] as const)(
    'says so when the payment page has not opened after a few seconds, and retries the same order (%s)',
    async (lang, title, retry) => {
      await setLanguage(lang);
      try {
        const api = stubApi({
          ...catalogueRoutes(),
          'POST /api/v1/order/': () => ok(FIUU_HANDOFF, MSG.order_created),
        });
        const posted: HTMLFormElement[] = [];
        vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
          posted.push(this);
        });
        renderApp('/recharge');
        // The first pack, whatever its name reads in this language (a role query over the page is slow in jsdom).
        const firstPack = await waitFor(() => {
          const radio = document.querySelector<HTMLInputElement>('input[type="radio"]');
          if (!radio) throw new Error('no pack yet');
          return radio;
        });
        await userEvent.click(firstPack);
        const scope = within(screen.getByRole('form', { name: i18n.t('recharge:form.label') }));
        await fill(scope.getByLabelText(i18n.t('recharge:form.gameId')), 'Star88');
        await fill(scope.getByLabelText(i18n.t('recharge:form.email')), 'buyer@example.com');
        const pay = () =>
          scope.getByText(i18n.t('recharge:form.submit')).closest('button') as HTMLButtonElement;
        // From the submit on, the page's timers are faked (they still run), so the wait can be skipped.
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
        await userEvent.click(pay());
        await waitFor(() => expect(posted).toHaveLength(1));
        expect(screen.queryByText(title)).toBeNull();

        // Still on this page HANDOFF_STALL_MS later (the gateway never answered, or the post was refused).
        vi.advanceTimersByTime(HANDOFF_STALL_MS);
        const notice = (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]');
        if (!notice) throw new Error('the notice is no alert');
        const alert = within(notice);
        expect(alert.getByText(title)).toBeInTheDocument();
        expect(alert.getByText(FIUU_HANDOFF.order_num)).toBeInTheDocument();
        expect(alert.getByRole('link')).toHaveAttribute(
          'href',
          `/home-order?order_num=${FIUU_HANDOFF.order_num}`,
        );
        // No second order can be started from the form; the retry posts the same order's hand-off again.
        expect(pay()).toBeDisabled();
        await userEvent.click(alert.getByRole('button', { name: retry }));
        await waitFor(() => expect(posted).toHaveLength(2));
        expect(posted[1]?.action).toBe(FIUU_HANDOFF.payment_url);
        expect(posted[1]?.querySelector<HTMLInputElement>('input[name="orderid"]')?.value).toBe(
          FIUU_HANDOFF.order_num,
        );
        expect(api.callsTo('POST /api/v1/order/')).toHaveLength(1);
        expect(screen.queryByText(title)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('shows the server’s field errors under the fields, and a refusal without fields in the popup', async () => {
    let refusal: TReply = fail(400, 'Some fields are not valid.', {
      errors: { game_id: MESSAGES.order_precheck_failed },
    });
    stubApi({ ...catalogueRoutes(), 'POST /api/v1/order/': () => refusal });
    renderApp('/recharge');
    await chooseTile('100 diamonds for SGD 2.50');
    await fill(form().getByLabelText('BIGO ID'), 'NoSuchId');
    await fill(form().getByLabelText('E-mail'), 'buyer@example.com');
    await submit();
    await waitFor(() => expect(shownErrors()).toEqual([MESSAGES.order_precheck_failed]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitButton()).toBeEnabled();

    refusal = fail(400, MSG.order_amount_mismatch);
    await fill(form().getByLabelText('BIGO ID'), 'x');
    await submit();
    expect(
      await screen.findByText(MESSAGES.order_amount_mismatch, {
        selector: '.app-dialog__title',
      }),
    ).toBeInTheDocument();
  });
});

describe('signed-in recharge /ezrecharge', () => {
  it('greets the user, has no e-mail field, and goes to the Stripe page after the success message', async () => {
    signInAs({ id: 7, nickname: 'Alice', email: 'alice@example.com' });
    const assign = vi.fn();
    // jsdom cannot leave the page; the test stands in for the browser's location, as stubApi does for fetch.
    const { href, origin, protocol, host, hostname, pathname, search, hash } = window.location;
    vi.stubGlobal('location', { href, origin, protocol, host, hostname, pathname, search, hash, assign });
    const api = stubApi({
      ...catalogueRoutes(),
      'POST /api/v1/order/': () => ok(STRIPE_HANDOFF, MSG.order_created),
    });
    renderApp('/ezrecharge');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alice!' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: '100 diamonds for SGD 2.50' });
    await chooseOption(form().getByLabelText('Currency'), 'HKD · Hong Kong Dollar');
    await chooseTile('600 diamonds for HKD 118.00');
    expect(form().queryByLabelText('E-mail')).toBeNull();
    expect(form().getByText('Your receipt goes to alice@example.com.')).toBeInTheDocument();
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await submit();

    expect(await screen.findByText('Order created. Redirecting to payment…')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_HANDOFF.payment_url));
    const sent = await openCommit(api.callsTo('POST /api/v1/order/')[0]);
    expect(sent.email).toBe('');
    expect(sent.payload).toMatchObject({
      price_id: 21,
      quantity: 1,
      amount: 11_800,
      amount_game: 600,
      pay_currency: 'HKD',
      page_info: 'ezrecharge',
    });
    expect(api.callsTo('POST /api/v1/order/')[0]?.headers.get('Authorization')).toBe('Bearer test-token');

    const links = within(screen.getByRole('list', { name: 'More for your account' }));
    expect(links.getByRole('link', { name: /My orders/ })).toHaveAttribute('href', '/order');
  });

  it('leaves a 503 to the client’s toast', async () => {
    signInAs({ id: 7, nickname: 'Alice' });
    stubApi({
      ...catalogueRoutes(),
      'POST /api/v1/order/': () => reply(503, { message: MESSAGES.payment_unavailable, detail: '' }),
    });
    renderApp('/ezrecharge');
    await chooseTile('100 diamonds for SGD 2.50');
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await submit();
    expect(await screen.findByText(MESSAGES.payment_unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitButton()).toBeEnabled();
  });
});

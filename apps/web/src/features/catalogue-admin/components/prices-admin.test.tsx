import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage';
import { dialogTitled as findDialog, rowOf as rowHolding, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({ load: () => import('..'), clearCache: true });

/** The table row of a cell's text. */
const rowOf = (text: string) => rowHolding(text, 'td span');

const PRODUCT = {
  id: 4,
  name: 'BIGO Diamonds',
  code: 'bigo',
  image: '',
  comment: '',
  description: '',
  pay_note: '',
  status: 1,
  release: true,
  price_list: [100, 42000],
  synced_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function priceRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    product_id: 4,
    product_name: 'BIGO Diamonds',
    code: '',
    currency: 'SGD',
    game_amount: 100,
    unit_amount: 250,
    synced_at: null,
    ...overrides,
  };
}

const PRICES = [
  priceRecord(),
  priceRecord({ id: 12, game_amount: 42000, unit_amount: 123450, code: 'price_1Abc' }),
  priceRecord({ id: 13, currency: 'MYR', game_amount: 39999, unit_amount: 99 }),
  priceRecord({ id: 14, currency: 'JPY', game_amount: 700, unit_amount: 500 }),
];

function page(call: TRecordedCall) {
  const size = Number(call.url.searchParams.get('page_size'));
  const number = Number(call.url.searchParams.get('page'));
  return ok({ page_data: PRICES, total: PRICES.length, page: number, page_size: size });
}

const LIST_ROUTES = {
  'GET /api/v1/product/4': () => ok(PRODUCT),
  'GET /api/v1/price/page': page,
};

/** Picks an option of an antd select (options carry their label as title). */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  await userEvent.click(await screen.findByTitle(label));
}

/** Picks an option of a searchable antd select by typing its code first (the list shows only the first few). */
async function chooseByCode(select: HTMLElement, code: string, label: string) {
  await userEvent.click(select);
  await userEvent.type(select, code);
  await userEvent.click(await screen.findByTitle(label));
}

describe('price list', () => {
  it("lists the product's prices: name, code, diamonds with the fire from 40,000, currency and major amount", async () => {
    const api = stubApi(LIST_ROUTES);
    renderApp('/price?id=4');

    expect(await screen.findByText('Prices of BIGO Diamonds')).toBeInTheDocument();
    await screen.findByText('42,000', { selector: 'td span' });
    expect(api.callsTo('GET /api/v1/price/page')[0]?.url.search).toBe('?product_id=4&page=1&page_size=5');

    const big = rowOf('42,000');
    expect(big.getByText('BIGO Diamonds')).toBeInTheDocument();
    expect(big.getByText('price_1Abc')).toBeInTheDocument();
    expect(big.getByLabelText('Big pack: 40,000 diamonds or more')).toBeInTheDocument();
    expect(big.getByText('SGD · Singapore Dollar')).toBeInTheDocument();
    expect(big.getByText('1,234.50')).toBeInTheDocument();
    expect(big.getByLabelText('Edit 42,000 diamonds in SGD')).toHaveAttribute(
      'href',
      '/price-edit?product_id=4&id=12',
    );

    const small = rowOf('39,999');
    expect(small.queryByLabelText('Big pack: 40,000 diamonds or more')).toBeNull();
    expect(small.getByText('MYR · Malaysian Ringgit')).toBeInTheDocument();
    expect(small.getByText('0.99')).toBeInTheDocument();
    expect(rowOf('100').getByText('2.50')).toBeInTheDocument();
    // Yen have no decimals: ¥500 is 500, not 5.00.
    expect(rowOf('700').getByText('JPY · Japanese Yen')).toBeInTheDocument();
    expect(rowOf('700').getByText('500')).toBeInTheDocument();

    expect(screen.getByText('4 items')).toBeInTheDocument();
    expect(screen.getByText('Add price').closest('a')).toHaveAttribute('href', '/price-add?product_id=4');
    expect(screen.getByText('Back to products').closest('a')).toHaveAttribute('href', '/product');
  });

  it('filters by currency and diamonds', async () => {
    const api = stubApi(LIST_ROUTES);
    renderApp('/price?id=4');
    await screen.findByText('42,000', { selector: 'td span' });
    const filters = within(screen.getByRole('search', { name: 'Filter prices' }));
    await choose(filters.getByLabelText('Currency'), 'MYR · Malaysian Ringgit');
    await fill(filters.getByLabelText('Diamonds'), '100');
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url.search).toBe(
        '?product_id=4&currency=MYR&game_amount=100&page=1&page_size=5',
      ),
    );
  });

  it('deletes after the SPEC.md confirmation, says the price was deleted and reloads', async () => {
    writeLocal(STORAGE_KEYS.priceCache, '{"4:en":{}}');
    const api = stubApi({
      ...LIST_ROUTES,
      'DELETE /api/v1/price/delete/13': () => ok(null, MSG.price_deleted),
    });
    renderApp('/price?id=4');
    await screen.findByText('39,999', { selector: 'td span' });
    const loads = api.callsTo('GET /api/v1/price/page').length;

    await userEvent.click(rowOf('39,999').getByLabelText('Delete 39,999 diamonds in MYR'));
    const dialog = await findDialog('Are you sure?');
    expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Price deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/price/delete/13')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/v1/price/page').length).toBeGreaterThan(loads));
    expect(readLocal(STORAGE_KEYS.priceCache)).toBeNull();
  });

  it("shows a refused delete's message in the error popup and reloads", async () => {
    const api = stubApi({
      ...LIST_ROUTES,
      'DELETE /api/v1/price/delete/12': () => fail(400, MSG.price_has_orders),
    });
    renderApp('/price?id=4');
    await screen.findByText('42,000', { selector: 'td span' });
    const loads = api.callsTo('GET /api/v1/price/page').length;
    await userEvent.click(rowOf('42,000').getByLabelText('Delete 42,000 diamonds in SGD'));
    await userEvent.click(
      (await findDialog('Are you sure?')).getByRole('button', { name: 'Yes, delete it!' }),
    );

    await findDialog('This price is used by an order and cannot be deleted');
    await waitFor(() => expect(api.callsTo('GET /api/v1/price/page').length).toBeGreaterThan(loads));
  });

  it("syncs one price; without a payment catalogue the server's refusal shows and the list reloads", async () => {
    const noStripe =
      'No payment catalogue is configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sync with Stripe';
    const api = stubApi({ ...LIST_ROUTES, 'GET /api/v1/price/sync/11': () => fail(400, noStripe) });
    renderApp('/price?id=4');
    await screen.findByText('42,000', { selector: 'td span' });
    const loads = api.callsTo('GET /api/v1/price/page').length;
    await userEvent.click(rowOf('100').getByLabelText('Sync 100 diamonds in SGD'));
    await findDialog(noStripe);
    await waitFor(() => expect(api.callsTo('GET /api/v1/price/page').length).toBeGreaterThan(loads));
  });

  it('in Chinese names the currencies and columns in Chinese', async () => {
    await setLanguage('zh');
    stubApi({ ...LIST_ROUTES, 'DELETE /api/v1/price/delete/11': () => ok(null, MSG.price_deleted) });
    renderApp('/price?id=4');
    expect(await screen.findByText('BIGO Diamonds 的价格')).toBeInTheDocument();
    await screen.findByText('42,000', { selector: 'td span' });
    expect(rowOf('42,000').getByText('SGD · 新加坡元')).toBeInTheDocument();
    expect(rowOf('39,999').getByText('MYR · 马来西亚林吉特')).toBeInTheDocument();
    expect(rowOf('700').getByText('JPY · 日元')).toBeInTheDocument();
    expect(rowOf('700').getByText('500')).toBeInTheDocument();
    expect(rowOf('42,000').getByLabelText('大额套餐：40,000 钻石及以上')).toBeInTheDocument();
    expect(screen.getByText('货币', { selector: 'th' })).toBeInTheDocument();
    expect(screen.getByText('共 4 条')).toBeInTheDocument();

    await userEvent.click(rowOf('100').getByLabelText('删除 100 钻石（SGD）'));
    await userEvent.click((await findDialog('确定要删除吗？')).getByRole('button', { name: '是的，删除！' }));
    // The server's 'Price deleted', in the active language through the shared messages.
    expect(await screen.findByText(i18n.t('validation:price_deleted'))).toBeInTheDocument();
  });

  it('says so for an address without a product id', async () => {
    const api = stubApi({});
    renderApp('/price');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('add price', () => {
  it('checks the SPEC.md rules: currency, diamonds and price required; price a positive amount', async () => {
    const api = stubApi({ 'GET /api/v1/product/4': () => ok(PRODUCT) });
    renderApp('/price-add?product_id=4');
    expect(await screen.findByLabelText('Product')).toHaveValue('BIGO Diamonds');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    expect(await screen.findByText('Currency is required')).toBeInTheDocument();
    expect(screen.getByText('Diamonds is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();

    await choose(screen.getByLabelText('Currency'), 'SGD · Singapore Dollar');
    await fill(screen.getByLabelText('Price'), '12.345');
    expect(await screen.findByText('Price is not valid.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Price'));
    await fill(screen.getByLabelText('Price'), '0');
    expect(await screen.findByText('Price is not valid.')).toBeInTheDocument();
    await fill(screen.getByLabelText('Diamonds'), '100001');
    expect(await screen.findByText('Diamonds must be a whole number from 1 to 100000')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/product/4']);
  });

  it('sends the price in minor units, says so and returns to the price list', async () => {
    const api = stubApi({
      'GET /api/v1/product/4': () => ok(PRODUCT),
      'POST /api/v1/price/create': () => ok(priceRecord({ id: 20 }), MSG.price_saved),
      'GET /api/v1/price/page': page,
    });
    const { router } = renderApp('/price-add?product_id=4');
    await choose(await screen.findByLabelText('Currency'), 'SGD · Singapore Dollar');
    await fill(screen.getByLabelText('Diamonds'), '42000');
    await fill(screen.getByLabelText('Price'), '12.2');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
    expect(router.state.location.search).toBe('?id=4');
    expect(api.callsTo('POST /api/v1/price/create')[0]?.body).toEqual({
      product_id: 4,
      currency: 'SGD',
      game_amount: 42000,
      unit_amount: 1220,
    });
    expect(await screen.findByText('Price saved successfully')).toBeInTheDocument();
  });

  it('takes each currency in its own decimals: whole yen, dinars to the 0.010 Stripe charges', async () => {
    const api = stubApi({
      'GET /api/v1/product/4': () => ok(PRODUCT),
      'POST /api/v1/price/create': () =>
        ok(priceRecord({ id: 21, currency: 'JPY', unit_amount: 500 }), MSG.price_saved),
      'GET /api/v1/price/page': page,
    });
    const { router } = renderApp('/price-add?product_id=4');
    // The field is drawn anew once it shows the currency: find it again after each choice.
    const price = () => screen.getByLabelText('Price');
    await screen.findByLabelText('Price');
    expect(
      screen.getByText('Choose the currency first; the price then takes its decimals, e.g. 12.20 in SGD.'),
    ).toBeInTheDocument();

    await chooseByCode(screen.getByLabelText('Currency'), 'JOD', 'JOD · Jordanian Dinar');
    expect(await screen.findByText('In JOD, with up to 3 decimals, e.g. 1.250.')).toBeInTheDocument();
    await fill(price(), '1.255');
    expect(
      await screen.findByText(
        'Stripe charges this currency only in steps of 0.010: the last decimal must be 0',
      ),
    ).toBeInTheDocument();

    // The same text in yen has decimals yen do not have; choosing the currency checks the price again.
    await chooseByCode(screen.getByLabelText('Currency'), 'JPY', 'JPY · Japanese Yen');
    expect(await screen.findByText('In JPY, whole units only, e.g. 500.')).toBeInTheDocument();
    expect(await screen.findByText('Price is not valid.')).toBeInTheDocument();
    await userEvent.clear(price());
    await fill(price(), '500');
    await fill(screen.getByLabelText('Diamonds'), '700');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
    expect(api.callsTo('POST /api/v1/price/create')[0]?.body).toEqual({
      product_id: 4,
      currency: 'JPY',
      game_amount: 700,
      unit_amount: 500,
    });
  });

  it('puts a duplicate pack under the diamonds field', async () => {
    const taken = 'A price for this product, currency and diamonds already exists';
    stubApi({
      'GET /api/v1/product/4': () => ok(PRODUCT),
      'POST /api/v1/price/create': () => fail(409, taken, { errors: { game_amount: taken } }),
    });
    const { router } = renderApp('/price-add?product_id=4');
    await choose(await screen.findByLabelText('Currency'), 'SGD · Singapore Dollar');
    await fill(screen.getByLabelText('Diamonds'), '100');
    await fill(screen.getByLabelText('Price'), '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Diamonds').closest('.ant-form-item')).toHaveTextContent(taken),
    );
    expect(router.state.location.pathname).toBe('/price-add');
  });

  it("says 'Oops, something went wrong!' when the product cannot be loaded", async () => {
    stubApi({ 'GET /api/v1/product/404': () => fail(404, MSG.product_not_found) });
    renderApp('/price-add?product_id=404');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
  });
});

describe('edit price', () => {
  it('loads the price with its amount in major units, saves minor units and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/price/12': () => ok(PRICES[1]),
      'PUT /api/v1/price/update/12': () => ok(PRICES[1], MSG.price_saved),
      'GET /api/v1/product/4': () => ok(PRODUCT),
      'GET /api/v1/price/page': page,
    });
    const { router } = renderApp('/price-edit?product_id=4&id=12');
    const price = await screen.findByLabelText('Price');
    expect(price).toHaveValue('1234.50');
    expect(screen.getByLabelText('Diamonds')).toHaveValue('42000');
    expect(screen.getByLabelText('Product')).toHaveValue('BIGO Diamonds');
    expect(screen.getByTitle('SGD · Singapore Dollar')).toBeInTheDocument();

    await userEvent.clear(price);
    await fill(price, '1300');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/price'));
    expect(router.state.location.search).toBe('?id=4');
    expect(api.callsTo('PUT /api/v1/price/update/12')[0]?.body).toEqual({
      product_id: 4,
      currency: 'SGD',
      game_amount: 42000,
      unit_amount: 130000,
    });
    expect(await screen.findByText('Price saved successfully')).toBeInTheDocument();
  });

  it("says 'Oops, something went wrong!' when the price cannot be loaded", async () => {
    stubApi({ 'GET /api/v1/price/99': () => fail(404, MSG.price_not_found) });
    renderApp('/price-edit?product_id=4&id=99');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    expect(screen.getByText('Back to prices').closest('a')).toHaveAttribute('href', '/price?id=4');
  });

  it('shows the raw error of a failed save', async () => {
    stubApi({
      'GET /api/v1/price/12': () => ok(PRICES[1]),
      'PUT /api/v1/price/update/12': () =>
        fail(400, 'Some fields are not valid.', {
          errors: { unit_amount: MSG.price_positive },
        }),
    });
    renderApp('/price-edit?product_id=4&id=12');
    await screen.findByLabelText('Price');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await findDialog('Some fields are not valid.');
    expect(screen.getByLabelText('Price').closest('.ant-form-item')).toHaveTextContent(
      'Price must be a positive amount in cents',
    );
  });
});

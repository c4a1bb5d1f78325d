import { MSG } from '@ezrecharge/shared/messages';
import type { TPromotion } from '@ezrecharge/shared/schemas/rewards';
import { encryptWireJson, formatEventTime, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { rowOf, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
  clearCache: true,
});

function promotion(overrides: Partial<TPromotion> = {}): TPromotion {
  return {
    id: 3,
    kind: 'code',
    name: 'Hari Raya code',
    code: 'RAYA100',
    bonus_type: 'fixed',
    bonus_value: 100,
    currencies: ['SGD', 'MYR'],
    product_ids: [4],
    channels: [],
    valid_from: null,
    valid_to: null,
    budget_diamonds: 50_000,
    uses_per_buyer: 1,
    min_spend: { SGD: 5_000 },
    active: true,
    delivered_diamonds: 12_300,
    reserved_diamonds: 400,
    orders: 123,
    revenue: { SGD: 1_234_500, MYR: 80_000 },
    created_at: '2025-06-01T00:00:00.000Z',
    updated_at: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

const PROMOTIONS = [
  promotion(),
  promotion({
    id: 4,
    kind: 'channel',
    name: 'Bank transfer bonus',
    code: null,
    bonus_type: 'per_unit',
    bonus_value: 1,
    currencies: [],
    product_ids: [],
    channels: ['FPX', 'PayNow'],
    budget_diamonds: null,
    uses_per_buyer: null,
    min_spend: {},
    active: false,
    delivered_diamonds: 0,
    reserved_diamonds: 0,
    orders: 0,
    revenue: {},
  }),
];

function page(call: TRecordedCall): TReply {
  const size = Number(call.url.searchParams.get('page_size'));
  const number = Number(call.url.searchParams.get('page'));
  return ok({ page_data: PROMOTIONS, total: 2, page: number, page_size: size });
}

async function productSelect(): Promise<TReply> {
  const timestamp = formatEventTime(new Date());
  const products = [
    { id: 4, name: 'BIGO Diamonds', code: 'bigo', image: '', comment: '', description: '', pay_note: '' },
    { id: 5, name: 'BIGO Gift Pack', code: 'gift', image: '', comment: '', description: '', pay_note: '' },
  ];
  return ok({ data: await encryptWireJson(products, timestamp, WIRE_CONTEXT.select), timestamp });
}

/** The antd form item around a labelled control, for its messages. */
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('promotions list', () => {
  it('shows each promotion’s rule and cost figures, with edit links and a side-navigation entry', async () => {
    const api = stubApi({ 'GET /api/v1/promotions/': page });
    renderApp('/promotion');

    expect(await screen.findByText('Hari Raya code')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/promotions/')[0]?.url.search).toBe('?page=1&page_size=5');
    const code = rowOf('Hari Raya code');
    for (const text of [
      'Promo code',
      'RAYA100',
      '100 diamonds',
      'SGD, MYR',
      'Always',
      '50,000',
      'Active',
      '12,300',
      '400',
      '123',
      'SGD 12,345.00',
      'MYR 800.00',
    ]) {
      expect(code.getByText(text)).toBeInTheDocument();
    }
    expect(code.getByRole('link', { name: 'Edit “Hari Raya code”' })).toHaveAttribute(
      'href',
      '/promotion-edit?id=3',
    );
    const channel = rowOf('Bank transfer bonus');
    for (const text of [
      'Payment-method bonus',
      '1 per currency unit',
      'FPX, PayNow',
      'No limit',
      'Paused',
      'None yet',
    ]) {
      expect(channel.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 promotions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add promotion' })).toHaveAttribute('href', '/promotion-add');
    const nav = within(screen.getByRole('navigation', { name: 'Console navigation' }));
    expect(nav.getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/promotion');
  });

  it('pauses an active promotion and resumes a paused one, reloading the list', async () => {
    const api = stubApi({
      'GET /api/v1/promotions/': page,
      'POST /api/v1/promotions/3/pause': () => ok(promotion({ active: false })),
      'POST /api/v1/promotions/4/resume': () => ok(PROMOTIONS[1]),
    });
    renderApp('/promotion');
    await screen.findByText('Hari Raya code');
    const loads = api.callsTo('GET /api/v1/promotions/').length;

    await userEvent.click(screen.getByLabelText('Pause “Hari Raya code”'));
    expect(await screen.findByText('Promotion paused')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/promotions/3/pause')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/v1/promotions/').length).toBeGreaterThan(loads));

    await userEvent.click(screen.getByLabelText('Resume “Bank transfer bonus”'));
    expect(await screen.findByText('Promotion resumed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/promotions/4/resume')).toHaveLength(1);
  });

  it('shows a refused pause in the popup', async () => {
    stubApi({
      'GET /api/v1/promotions/': page,
      'POST /api/v1/promotions/3/pause': () => fail(400, MSG.promotion_not_found),
    });
    renderApp('/promotion');
    await screen.findByText('Hari Raya code');
    await userEvent.click(screen.getByLabelText('Pause “Hari Raya code”'));
    expect(
      await screen.findByText('Promotion not found', { selector: '.app-dialog__title' }),
    ).toBeInTheDocument();
  });

  it('in Chinese labels the columns and states', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/promotions/': page });
    renderApp('/promotion');
    await screen.findByText('Hari Raya code');
    expect(screen.getByRole('columnheader', { name: '已送出' })).toBeInTheDocument();
    expect(rowOf('Bank transfer bonus').getByText('已暂停')).toBeInTheDocument();
    expect(screen.getByText('共 2 项活动')).toBeInTheDocument();
  });
});

describe('add promotion', () => {
  it('checks the shared rules with their messages before sending', async () => {
    const api = stubApi({ 'GET /api/v1/product/select': productSelect });
    renderApp('/promotion-add');
    await userEvent.click(await screen.findByRole('button', { name: 'Add promotion' }));
    expect(await screen.findByText('Please give the promotion a name')).toBeInTheDocument();
    await waitFor(() => expect(itemOf('Promo code')).toHaveTextContent('A promo code is 3 to 32 letters'));
    expect(itemOf('Bonus')).toHaveTextContent('Must be a whole number, 1 or more');

    await fill(screen.getByLabelText('Promo code'), 'no spaces allowed');
    await waitFor(() => expect(itemOf('Promo code')).toHaveTextContent('A promo code is 3 to 32 letters'));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends every field as ZPromotionInput, says so and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/product/select': productSelect,
      'POST /api/v1/promotions/': () => ok(promotion({ id: 9, active: false })),
      'GET /api/v1/promotions/': page,
    });
    const { router } = renderApp('/promotion-add');
    await fill(await screen.findByLabelText('Name'), ' Launch code ');
    await fill(screen.getByLabelText('Promo code'), 'bonus100');
    await fill(screen.getByLabelText('Bonus'), '100');
    await fill(screen.getByLabelText('Budget (diamonds in all)'), '10000');
    await fill(screen.getByLabelText('Uses per buyer'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add promotion' }));

    expect(await screen.findByText('Promotion saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotion'));
    expect(api.callsTo('POST /api/v1/promotions/')[0]?.body).toEqual({
      kind: 'code',
      name: 'Launch code',
      code: 'BONUS100',
      bonus_type: 'fixed',
      bonus_value: 100,
      currencies: [],
      product_ids: [],
      channels: [],
      valid_from: null,
      valid_to: null,
      budget_diamonds: 10_000,
      uses_per_buyer: 1,
      min_spend: {},
    });
  });

  it('takes a minimum spend per currency in the currency’s own decimals', async () => {
    const api = stubApi({
      'GET /api/v1/product/select': productSelect,
      'POST /api/v1/promotions/': () => ok(promotion({ id: 9 })),
      'GET /api/v1/promotions/': page,
    });
    renderApp('/promotion-add');
    await fill(await screen.findByLabelText('Name'), 'Big spender');
    await fill(screen.getByLabelText('Promo code'), 'BIG50');
    await fill(screen.getByLabelText('Bonus'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Add a minimum' }));
    const currency = await screen.findByLabelText('Currency');
    await userEvent.click(currency);
    await userEvent.click(await screen.findByTitle('SGD · Singapore Dollar'));
    await fill(screen.getByLabelText('Minimum amount'), '50.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add promotion' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/promotions/')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/promotions/')[0]?.body).toMatchObject({ min_spend: { SGD: 5_000 } });
  });

  it('puts the server’s field errors under their fields', async () => {
    stubApi({
      'GET /api/v1/product/select': productSelect,
      'POST /api/v1/promotions/': () =>
        fail(400, 'Some fields are not valid.', { errors: { code: MSG.promotion_code_taken } }),
    });
    const { router } = renderApp('/promotion-add');
    await fill(await screen.findByLabelText('Name'), 'Launch code');
    await fill(screen.getByLabelText('Promo code'), 'BONUS100');
    await fill(screen.getByLabelText('Bonus'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Add promotion' }));
    await waitFor(() =>
      expect(itemOf('Promo code')).toHaveTextContent('Another promotion already has this code'),
    );
    expect(router.state.location.pathname).toBe('/promotion-add');
  });
});

describe('edit promotion', () => {
  it('loads the promotion of ?id=, saves every field with PUT and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/product/select': productSelect,
      'GET /api/v1/promotions/3': () => ok(promotion()),
      'PUT /api/v1/promotions/3': () => ok(promotion()),
      'GET /api/v1/promotions/': page,
    });
    const { router } = renderApp('/promotion-edit?id=3');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Hari Raya code');
    expect(screen.getByLabelText('Promo code')).toHaveValue('RAYA100');
    expect(screen.getByLabelText('Minimum amount')).toHaveValue('50.00');

    await userEvent.clear(name);
    await fill(name, 'Hari Raya');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Promotion saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotion'));
    expect(api.callsTo('PUT /api/v1/promotions/3')[0]?.body).toEqual({
      kind: 'code',
      name: 'Hari Raya',
      code: 'RAYA100',
      bonus_type: 'fixed',
      bonus_value: 100,
      currencies: ['SGD', 'MYR'],
      product_ids: [4],
      channels: [],
      valid_from: null,
      valid_to: null,
      budget_diamonds: 50_000,
      uses_per_buyer: 1,
      min_spend: { SGD: 5_000 },
    });
  });

  it('asks a payment-method bonus for its channels', async () => {
    const api = stubApi({
      'GET /api/v1/product/select': productSelect,
      'GET /api/v1/promotions/4': () => ok({ ...PROMOTIONS[1], channels: [] }),
    });
    renderApp('/promotion-edit?id=4');
    await screen.findByLabelText('Name');
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name at least one payment method')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('says so when the promotion cannot be loaded', async () => {
    stubApi({ 'GET /api/v1/promotions/404': () => fail(404, MSG.promotion_not_found) });
    renderApp('/promotion-edit?id=404');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Back to promotions' })) {
      expect(link).toHaveAttribute('href', '/promotion');
    }
  });
});

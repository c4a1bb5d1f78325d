import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import type { TRewardQuoteInput } from '@ezrecharge/shared/schemas/orders';
import type { TPaymentChannels } from '@ezrecharge/shared/schemas/payment-channels';
import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
} from '@ezrecharge/shared/wire-crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveMatchedRoutes, startMatchedPageRequests } from '../../../app/router';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { heldReply, ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/**
 * Issue #30 on /recharge: after the pack, the currency's payment channels as a radio group (FPX with its bank
 * list), their limits checked on the page, the payment-method bonus on the channel that earns it and in the total,
 * the last channel remembered in this browser, and the choice sent in the encrypted order.
 */

beforeAll(() => import('..'), 30_000);

const PRODUCTS: TProductSelectItem[] = [
  { id: 4, name: 'BIGO Diamonds', code: 'bigo', image: '', comment: '', description: '', pay_note: '' },
];

const PRICES: TPriceSelect = {
  currencies: [
    { code: 'MYR', name: 'Malaysian Ringgit' },
    { code: 'SGD', name: 'Singapore Dollar' },
  ],
  prices: {
    MYR: [
      { id: 31, currency: 'MYR', game_amount: 600, unit_amount: 2_400 },
      // 31 000 MYR: more than FPX takes.
      { id: 39, currency: 'MYR', game_amount: 90_000, unit_amount: 3_100_000 },
    ],
    SGD: [{ id: 11, currency: 'SGD', game_amount: 100, unit_amount: 250 }],
  },
};

const fpx = (code: string, name: string, ...aliases: string[]) => ({
  code,
  kind: 'fpx' as const,
  name,
  min: 101,
  max: 3_000_000,
  reported: [code, ...aliases],
});

const CHANNELS: TPaymentChannels = {
  MYR: [
    fpx('FPX_MB2U', 'Maybank2u', 'MB2u'),
    fpx('FPX_CIMBCLICKS', 'CIMB Clicks'),
    {
      code: 'TNG-EWALLET',
      kind: 'ewallet',
      name: "Touch 'n Go eWallet",
      min: 101,
      max: null,
      reported: ['TNG-EWALLET'],
    },
    {
      code: 'credit',
      kind: 'card',
      name: 'Visa / Mastercard',
      min: 101,
      max: null,
      reported: ['credit', 'Credit'],
    },
  ],
  SGD: [{ code: 'PayNow', kind: 'qr', name: 'PayNow', min: 101, max: null, reported: ['PayNow'] }],
};

async function sealed(value: unknown): Promise<TReply> {
  const timestamp = formatEventTime(new Date());
  return ok({ data: await encryptWireJson(value, timestamp, WIRE_CONTEXT.select), timestamp });
}

/** 1 bonus diamond per ringgit through FPX (the bank-transfer promotion), as the server quotes it. */
function quoteOf(input: TRewardQuoteInput): TRewardQuote {
  const pack = Object.values(PRICES.prices)
    .flat()
    .find((p) => p?.id === input.price_id);
  if (!pack) throw new Error(`no pack ${input.price_id}`);
  const amount = pack.unit_amount * Number(input.quantity);
  return {
    amount_game: pack.game_amount * Number(input.quantity),
    bonuses: [],
    bonus_game: 0,
    promo: null,
    channel_offers:
      pack.currency === 'MYR'
        ? [{ name: 'Bank transfer bonus', channels: ['fpx_mb2u', 'FPX_CIMBCLICKS'], diamonds: amount / 100 }]
        : [],
  };
}

const HANDOFF = {
  method: 'form',
  order_num: 'EZ20250601A1B2C3',
  order_status: 3,
  payment_url: 'https://sandbox.fiuu.example/RMS/pay/ezshop/FPX_MB2U.php',
  vcode: '5bf33e6500a53830d4f80087b67e13de',
  return_url: 'https://shop.example/api/v1/payment/fiuu/return',
  amount: '24.00',
  currency: 'MYR',
  bill_email: 'buyer@example.com',
  bill_name: 'guest',
  bill_desc: '600 BIGO LIVE diamonds',
  bill_mobile: '',
  guest_checkout: '1',
  langcode: 'en',
  channel: 'FPX_MB2U',
};

function routes() {
  return {
    'GET /api/v1/product/select': () => sealed(PRODUCTS),
    'GET /api/v1/price/select/4': () => sealed(PRICES),
    'GET /api/v1/payment/channels': () => ok(CHANNELS),
    'POST /api/v1/rewards/quote': (call: TRecordedCall) => ok(quoteOf(call.body as TRewardQuoteInput)),
    'POST /api/v1/order/': () => ok(HANDOFF, 'order_created'),
  };
}

const form = (name = 'Recharge form') => within(screen.getByRole('form', { name }));
const group = (name: string, formName?: string) => within(form(formName).getByRole('group', { name }));

async function orderSent(api: { callsTo: (route: string) => TRecordedCall[] }, index = 0) {
  await waitFor(() => expect(api.callsTo('POST /api/v1/order/').length).toBeGreaterThan(index));
  const body = api.callsTo('POST /api/v1/order/')[index]?.body as { data: string; eventtime: string };
  return (await decryptWireJson(body.data, body.eventtime, WIRE_CONTEXT.order)) as Record<string, unknown>;
}

async function fillBuyer() {
  await fill(form().getByLabelText('BIGO ID'), 'Star88');
  await fill(form().getByLabelText('E-mail'), 'buyer@example.com');
}

const pay = () => userEvent.click(form().getByText('Pay now').closest('button') as HTMLButtonElement);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(false);
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
});

afterEach(() => {
  setNavigator(null);
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of document.querySelectorAll('form[data-payment-handoff]')) node.remove();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('choosing how to pay on /recharge (issue #30)', () => {
  it('takes over the products and channels requests a prerendered page sent before it hydrated', async () => {
    const products = heldReply();
    const channels = heldReply();
    const api = stubApi({
      ...routes(),
      'GET /api/v1/product/select': products.handler,
      'GET /api/v1/payment/channels': channels.handler,
    });
    // What app/main.tsx does before hydrating a prerendered /recharge.
    const at = { pathname: '/recharge', search: '', hash: '' } as Location;
    await resolveMatchedRoutes(at);
    startMatchedPageRequests(at);
    await waitFor(() => expect(api.callsTo('GET /api/v1/payment/channels')).toHaveLength(1));
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(1);

    // The form's queries wait for those answers instead of asking again.
    renderApp('/recharge');
    await screen.findByRole('form', { name: 'Recharge form' });
    products.release(await sealed(PRODUCTS));
    channels.release(ok(CHANNELS));
    await userEvent.click(await screen.findByRole('radio', { name: '600 diamonds for MYR 24.00' }));
    await waitFor(() => expect(group('How to pay').getByRole('radio', { name: /^FPX/ })).toBeInTheDocument());
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/payment/channels')).toHaveLength(1);
  });

  it('offers the currency’s channels after the pack, FPX with its banks and its bonus, and sends the bank', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '600 diamonds for MYR 24.00' }));
    const how = await waitFor(() => group('How to pay'));
    const names = how.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    await waitFor(() =>
      expect(how.getByRole('radio', { name: /^FPX/ }).closest('label')).toHaveTextContent(
        'FPXOnline banking+24 bonus diamonds',
      ),
    );
    expect(names.slice(1)).toEqual([
      "Touch 'n Go eWalletE-wallet",
      'Visa / MastercardCard',
      'OtherChoose on the payment page',
    ]);
    // Nothing chosen yet: the payment page would choose.
    expect(how.getByRole('radio', { name: /^Other/ })).toBeChecked();
    expect(form().queryByLabelText('Your bank')).not.toBeInTheDocument();

    await userEvent.click(how.getByRole('radio', { name: /^FPX/ }));
    const bank = await form().findByLabelText('Your bank');
    expect(
      within(bank)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose your bank', 'Maybank2u', 'CIMB Clicks']);
    await waitFor(() =>
      expect(form().getByLabelText('Total')).toHaveTextContent(
        '600 diamonds · MYR 24.00 + 24 bonus diamonds with FPX',
      ),
    );

    // FPX without a bank is not sent.
    await fillBuyer();
    await pay();
    expect(await how.findByText('Please choose your bank')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/order/')).toHaveLength(0);

    await userEvent.selectOptions(bank, 'FPX_MB2U');
    expect(how.queryByText('Please choose your bank')).not.toBeInTheDocument();
    await pay();
    expect(await orderSent(api)).toMatchObject({ price_id: 31, amount: 2_400, pay_channel: 'FPX_MB2U' });
    // Remembered for this browser's next visit.
    expect(JSON.parse(window.localStorage.getItem('ezrecharge_pay_channel') ?? '{}')).toEqual({
      MYR: 'FPX_MB2U',
    });
  });

  it('chooses the channel last used in this browser again, and moves with the keyboard', async () => {
    window.localStorage.setItem('ezrecharge_pay_channel', JSON.stringify({ MYR: 'FPX_CIMBCLICKS' }));
    stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '600 diamonds for MYR 24.00' }));
    const how = await waitFor(() => group('How to pay'));
    await waitFor(() => expect(how.getByRole('radio', { name: /^FPX/ })).toBeChecked());
    expect(await form().findByLabelText('Your bank')).toHaveValue('FPX_CIMBCLICKS');
    // Arrow keys move within the group (native radios).
    how.getByRole('radio', { name: /^FPX/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(how.getByRole('radio', { name: /^Touch 'n Go/ })).toBeChecked();
    expect(form().queryByLabelText('Your bank')).not.toBeInTheDocument();
  });

  it('checks the channel’s limits on the page and sends nothing outside them', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: /^90,000 diamonds for MYR 31,000.00/ }));
    const how = await waitFor(() => group('How to pay'));
    await userEvent.click(how.getByRole('radio', { name: /^FPX/ }));
    await userEvent.selectOptions(await form().findByLabelText('Your bank'), 'FPX_MB2U');
    expect(
      how.getByText('FPX takes MYR 1.01 to MYR 30,000.00. Please choose another way to pay.'),
    ).toBeVisible();
    await fillBuyer();
    await pay();
    expect(api.callsTo('POST /api/v1/order/')).toHaveLength(0);

    await userEvent.click(how.getByRole('radio', { name: /^Visa/ }));
    expect(how.queryByText(/Please choose another way to pay/)).not.toBeInTheDocument();
    await pay();
    expect(await orderSent(api)).toMatchObject({ price_id: 39, pay_channel: 'credit' });
  });

  it('lets the payment page choose: no channel in the order', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '600 diamonds for MYR 24.00' }));
    await waitFor(() => group('How to pay'));
    await fillBuyer();
    await pay();
    expect(await orderSent(api)).not.toHaveProperty('pay_channel');
  });

  it('speaks Chinese: the group, the kinds, the bonus and the total', async () => {
    await setLanguage('zh');
    stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '600 颗钻石，MYR 24.00' }));
    const how = await waitFor(() => group('支付方式', '充值表单'));
    await waitFor(() =>
      expect(how.getByRole('radio', { name: /^FPX/ }).closest('label')).toHaveTextContent(
        'FPX网上银行赠送 24 颗钻石',
      ),
    );
    expect(how.getByRole('radio', { name: /^Touch 'n Go/ }).closest('label')).toHaveTextContent('电子钱包');
    expect(how.getByRole('radio', { name: /^其他/ }).closest('label')).toHaveTextContent(
      '其他在支付页面选择',
    );
    await userEvent.click(how.getByRole('radio', { name: /^FPX/ }));
    expect(await form('充值表单').findByLabelText('您的银行')).toBeInTheDocument();
    await waitFor(() =>
      expect(form('充值表单').getByLabelText('合计')).toHaveTextContent('使用 FPX 支付再送 24 颗钻石'),
    );
  });
});

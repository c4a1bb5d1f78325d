import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import type { TRewardQuoteInput } from '@ezrecharge/shared/schemas/orders';
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
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';
import { fail, ok, stubApi, type TRecordedCall, type TReply } from '../../../test/stub-api';

/**
 * Issue #16 on the recharge form: the promo code field and its Apply step, the bonuses the server quotes in the
 * total, and the code in the order. The quote endpoint answers as the contract says (a refused code is an answer
 * with its reason); the table below stands in for the server's promotions.
 */

beforeAll(() => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]), 30_000);

const PRODUCTS: TProductSelectItem[] = [
  { id: 4, name: 'BIGO Diamonds', code: 'bigo', image: '', comment: '', description: '', pay_note: '' },
];

/** At rate 42, 100 dollars buys 4 100 diamonds (the poster's example). */
const PRICES: TPriceSelect = {
  currencies: [
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'HKD', name: 'Hong Kong Dollar' },
  ],
  prices: {
    SGD: [
      { id: 11, currency: 'SGD', game_amount: 100, unit_amount: 250 },
      { id: 13, currency: 'SGD', game_amount: 4_100, unit_amount: 10_000 },
    ],
    HKD: [{ id: 21, currency: 'HKD', game_amount: 600, unit_amount: 11_800 }],
  },
};

const PACKS = new Map(
  Object.values(PRICES.prices)
    .flat()
    .map((pack) => [pack?.id, pack]),
);

async function sealed(value: unknown): Promise<TReply> {
  const timestamp = formatEventTime(new Date());
  return ok({ data: await encryptWireJson(value, timestamp, WIRE_CONTEXT.select), timestamp });
}

interface TOffer {
  /** The code BONUS100: 100 diamonds, Singapore dollars only. */
  code?: boolean;
  /** A welcome bonus of 50 for this buyer. */
  welcome?: boolean;
  /** 1 diamond per SGD through FPX or PayNow. */
  channel?: boolean;
}

/** The server's quote for these promotions (only what the form reads is modelled). */
function quoteOf(input: TRewardQuoteInput, offer: TOffer): TRewardQuote {
  const pack = PACKS.get(input.price_id);
  if (!pack) throw new Error(`no pack ${input.price_id}`);
  const quantity = Number(input.quantity);
  const amountGame = pack.game_amount * quantity;
  const bonuses: TRewardQuote['bonuses'] = [];
  let promo: TRewardQuote['promo'] = null;
  const code = input.promo_code ?? '';
  if (code !== '') {
    let reason: keyof typeof MESSAGES | null = null;
    if (!offer.code || code !== 'BONUS100') reason = MSG.promo_not_found;
    else if (pack.currency !== 'SGD') reason = MSG.promo_currency;
    if (reason === null) {
      bonuses.push({ kind: 'code', name: 'BONUS100', code, diamonds: 100, state: 'quoted' });
    }
    promo = {
      code,
      applied: reason === null,
      reason_key: reason,
      reason: reason === null ? null : MESSAGES[reason],
    };
  }
  if (offer.welcome) {
    bonuses.push({ kind: 'welcome', name: 'Welcome bonus', code: null, diamonds: 50, state: 'quoted' });
  }
  const channelOffers =
    offer.channel && pack.currency === 'SGD'
      ? [
          {
            name: 'Bank transfer bonus',
            channels: ['FPX_MB2U', 'FPX_CIMBCLICKS', 'PayNow'],
            diamonds: Math.floor((pack.unit_amount * quantity) / 100),
          },
        ]
      : [];
  return {
    amount_game: amountGame,
    bonuses,
    bonus_game: bonuses.reduce((sum, bonus) => sum + bonus.diamonds, 0),
    promo,
    channel_offers: channelOffers,
  };
}

function routes(offer: TOffer = { code: true }, extra: Record<string, () => TReply | Promise<TReply>> = {}) {
  return {
    'GET /api/v1/product/select': () => sealed(PRODUCTS),
    'GET /api/v1/price/select/4': () => sealed(PRICES),
    'POST /api/v1/rewards/quote': (call: TRecordedCall) => ok(quoteOf(call.body as TRewardQuoteInput, offer)),
    ...extra,
  };
}

const FIUU_HANDOFF = {
  method: 'form',
  order_num: 'EZ20250601A1B2C3',
  order_status: 3,
  payment_url: 'https://sandbox.fiuu.example/RMS/pay/ezshop/',
  vcode: '5bf33e6500a53830d4f80087b67e13de',
  return_url: 'https://shop.example/api/v1/payment/fiuu/return',
  amount: '100.00',
  currency: 'SGD',
  bill_email: 'buyer@example.com',
  bill_name: 'guest',
  bill_desc: '4100 BIGO LIVE diamonds',
  bill_mobile: '',
  guest_checkout: '1',
  langcode: 'en',
};

const formNamed = (name: string) => within(screen.getByRole('form', { name }));
const form = () => formNamed('Recharge form');
const quotes = (api: { callsTo: (route: string) => TRecordedCall[] }) =>
  api.callsTo('POST /api/v1/rewards/quote').map((call) => call.body as TRewardQuoteInput);

/** The field's message under it (its Field's error region). */
function errorOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

async function applyCode(text: string, scope = form(), label = 'Promo code', apply = 'Apply') {
  const field = scope.getByLabelText(label);
  await userEvent.clear(field);
  await fill(field, text);
  await userEvent.click(scope.getByRole('button', { name: apply }));
}

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of document.querySelectorAll('form[data-payment-handoff]')) node.remove();
  window.sessionStorage.clear();
});

describe('promo code on /recharge (issue #16)', () => {
  it('applies a code typed in any case with spaces: the total shows the bought and the bonus diamonds', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    const field = form().getByLabelText('Promo code');
    expect(field).toHaveAttribute('id', 'recharge_promo_code');

    await applyCode(' bonus100 ');
    await waitFor(() =>
      expect(form().getByLabelText('Total')).toHaveTextContent('4,100 + 100 bonus diamonds · SGD 100.00'),
    );
    // Shown and sent as it will be used: trimmed, upper case.
    expect(field).toHaveValue('BONUS100');
    expect(quotes(api).at(-1)).toEqual({ price_id: 13, quantity: 1, game_id: '', promo_code: 'BONUS100' });
    expect(form().getByText('Code BONUS100 applied: +100 bonus diamonds.')).toBeInTheDocument();
    expect(
      within(form().getByRole('list', { name: 'Bonuses' })).getByText('BONUS100: +100 bonus diamonds'),
    ).toBeInTheDocument();
    expect(errorOf(field)).toBe('');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says why a code does not apply, in Chinese, under the field', async () => {
    await setLanguage('zh');
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 颗钻石，SGD 100.00' }));
    const zh = formNamed('充值表单');
    await applyCode('NOSUCHCODE', zh, '优惠码', '使用');

    const field = zh.getByLabelText('优惠码');
    await waitFor(() => expect(errorOf(field)).toBe('此优惠码不存在或未在提供中'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(zh.getByLabelText('合计')).toHaveTextContent('4,100 颗钻石 · SGD 100.00');
    expect(zh.getByLabelText('合计')).not.toHaveTextContent('赠送');
    expect(quotes(api).at(-1)?.promo_code).toBe('NOSUCHCODE');
  });

  it('checks the code’s format on change and on blur, and does not quote a malformed one', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    await waitFor(() => expect(quotes(api)).toHaveLength(1));
    const field = form().getByLabelText('Promo code');
    await fill(field, 'A!');
    expect(errorOf(field)).toBe(MESSAGES.promo_code_format);
    await userEvent.click(form().getByRole('button', { name: 'Apply' }));
    expect(errorOf(field)).toBe(MESSAGES.promo_code_format);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(quotes(api).every((quote) => quote.promo_code === '')).toBe(true);

    // Emptied, the field is fine again: the code is optional.
    await userEvent.clear(field);
    await userEvent.tab();
    expect(errorOf(field)).toBe('');
  });

  it('quotes an applied code again when the quantity, currency or pack change', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    await applyCode('BONUS100');
    await waitFor(() => expect(form().getByLabelText('Total')).toHaveTextContent('+ 100 bonus'));

    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '2');
    await waitFor(() =>
      expect(quotes(api).at(-1)).toEqual({ price_id: 13, quantity: 2, game_id: '', promo_code: 'BONUS100' }),
    );
    await waitFor(() =>
      expect(form().getByLabelText('Total')).toHaveTextContent('8,200 + 100 bonus diamonds · SGD 200.00'),
    );

    await userEvent.selectOptions(form().getByLabelText('Currency'), 'HKD');
    await userEvent.click(await form().findByRole('radio', { name: '600 diamonds for HKD 118.00' }));
    await userEvent.clear(form().getByLabelText('Quantity'));
    await fill(form().getByLabelText('Quantity'), '1');
    await waitFor(() =>
      expect(quotes(api).at(-1)).toEqual({ price_id: 21, quantity: 1, game_id: '', promo_code: 'BONUS100' }),
    );
    await waitFor(() => expect(errorOf(form().getByLabelText('Promo code'))).toBe(MESSAGES.promo_currency));
    expect(form().getByLabelText('Total')).toHaveTextContent('600 diamonds · HKD 118.00');
    expect(form().getByLabelText('Total')).not.toHaveTextContent('bonus');
  });

  it('names the welcome bonus and the payment-method offer without a code', async () => {
    signInAs({ id: 7, nickname: 'Alice', email: 'alice@example.com' });
    const api = stubApi(routes({ welcome: true, channel: true }));
    renderApp('/ezrecharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    await waitFor(() =>
      expect(form().getByLabelText('Total')).toHaveTextContent('4,100 + 50 bonus diamonds · SGD 100.00'),
    );
    const bonuses = within(form().getByRole('list', { name: 'Bonuses' }));
    expect(bonuses.getByText('Welcome bonus: +50 bonus diamonds')).toBeInTheDocument();
    expect(bonuses.getByText('Pay with FPX or PayNow: +100 bonus diamonds')).toBeInTheDocument();
    expect(quotes(api)[0]).toEqual({ price_id: 13, quantity: 1, game_id: '', promo_code: '' });
    // The signed-in buyer's quote carries the session, for the once-per-account welcome bonus.
    expect(api.callsTo('POST /api/v1/rewards/quote')[0]?.headers.get('Authorization')).toBe(
      'Bearer test-token',
    );

    // The BIGO ID counts too (once per BIGO ID): typed, the order is quoted again with it.
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await waitFor(() => expect(quotes(api).at(-1)?.game_id).toBe('Star88'));
  });

  it('sends the applied code in the encrypted order, and shows the server’s refusal under the field', async () => {
    let answer: TReply = fail(400, MSG.promo_used_up, { errors: { promo_code: MSG.promo_used_up } });
    const api = stubApi(routes({ code: true }, { 'POST /api/v1/order/': () => answer }));
    const posted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this);
    });
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    await applyCode('bonus100');
    await waitFor(() => expect(form().getByLabelText('Total')).toHaveTextContent('+ 100 bonus'));
    await fill(form().getByLabelText('BIGO ID'), 'Star88');
    await fill(form().getByLabelText('E-mail'), 'buyer@example.com');
    await userEvent.click(form().getByText('Pay now').closest('button') as HTMLButtonElement);

    await waitFor(() => expect(api.callsTo('POST /api/v1/order/')).toHaveLength(1));
    const body = api.callsTo('POST /api/v1/order/')[0]?.body as { data: string; eventtime: string };
    const payload = await decryptWireJson(body.data, body.eventtime, WIRE_CONTEXT.order);
    expect(payload).toMatchObject({
      price_id: 13,
      amount: 10_000,
      amount_game: 4_100,
      promo_code: 'BONUS100',
    });

    // Used up between the quote and the order: the reason under the field, no popup, no payment page.
    const field = form().getByLabelText('Promo code');
    await waitFor(() => expect(errorOf(field)).toBe(MESSAGES.promo_used_up));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toHaveLength(0);

    // Without the code the order goes through.
    answer = ok(FIUU_HANDOFF, MSG.order_created);
    await userEvent.clear(field);
    await userEvent.click(form().getByRole('button', { name: 'Apply' }));
    expect(errorOf(field)).toBe('');
    await userEvent.click(form().getByText('Pay now').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(posted).toHaveLength(1));
    const second = api.callsTo('POST /api/v1/order/')[1]?.body as { data: string; eventtime: string };
    const without = await decryptWireJson(second.data, second.eventtime, WIRE_CONTEXT.order);
    expect(without).not.toHaveProperty('promo_code');
  });

  it('applies the code with Enter rather than paying', async () => {
    const api = stubApi(routes());
    renderApp('/recharge');
    await userEvent.click(await screen.findByRole('radio', { name: '4,100 diamonds for SGD 100.00' }));
    await fill(form().getByLabelText('Promo code'), 'bonus100');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(form().getByLabelText('Total')).toHaveTextContent('+ 100 bonus'));
    expect(api.callsTo('POST /api/v1/order/')).toHaveLength(0);
  });
});

import { channelLimitBreach, fiuuFormFields } from '@ezrecharge/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FIUU_CHANNELS, fiuuChannel, fiuuChannelsFor, fiuuSameChannel, publicChannel } from './fiuu-channels';
import { createFiuuClient } from './fiuu-client';
import { fiuuVcode } from './fiuu-protocol';
import type { FiuuSettings } from './fiuu-settings';

const settings: FiuuSettings = {
  sandbox: false,
  merchantId: 'ezshop',
  verifyKey: 'v'.repeat(32),
  secretKey: 's'.repeat(32),
  paymentUrl: 'https://pay.fiuu.com/',
  apiUrl: 'https://api.fiuu.com',
  extendedVcode: false,
  publicUrl: 'https://shop.example',
};

const order = {
  orderNum: 'EZ2345ABCDEFGHJKLMNPQRST',
  amount: 2760,
  currency: 'MYR' as const,
  email: 'buyer@example.com',
  gameId: 'bigo_1',
  amountGame: 1000,
  productName: '1000 diamonds',
  lang: 'en' as const,
  registered: false,
};

const client = createFiuuClient(settings, pino({ level: 'silent' }));

/** A channel of the table; fails the test when the table has none of that code. */
function channel(code: string) {
  const found = fiuuChannel(code);
  if (!found) throw new Error(`no channel ${code}`);
  return found;
}

describe('Fiuu channels (issue #30, spec v13.86 "Channel Lists" and "Payment URL")', () => {
  it('opens the hosted page on the chosen channel by its filename and names it in `channel`', () => {
    // One row per channel kind, the URL and parameter exactly as the spec's Channel Lists write them.
    const expected: [string, string][] = [
      ['FPX_MB2U', 'https://pay.fiuu.com/RMS/pay/ezshop/FPX_MB2U.php'],
      ['FPX_CIMBCLICKS', 'https://pay.fiuu.com/RMS/pay/ezshop/FPX_CIMBCLICKS.php'],
      ['RPP_DuitNowQR', 'https://pay.fiuu.com/RMS/pay/ezshop/RPP_DuitNowQR.php'],
      ['TNG-EWALLET', 'https://pay.fiuu.com/RMS/pay/ezshop/TNG-EWALLET.php'],
      ['GrabPay', 'https://pay.fiuu.com/RMS/pay/ezshop/GrabPay.php'],
      ['ShopeePay', 'https://pay.fiuu.com/RMS/pay/ezshop/ShopeePay.php'],
      ['BOOST', 'https://pay.fiuu.com/RMS/pay/ezshop/BOOST.php'],
      ['credit', 'https://pay.fiuu.com/RMS/pay/ezshop/index.php'],
      ['PayNow', 'https://pay.fiuu.com/RMS/pay/ezshop/PayNow.php'],
      ['GrabPay_SG', 'https://pay.fiuu.com/RMS/pay/ezshop/GrabPay_SG.php'],
      ['creditAN', 'https://pay.fiuu.com/RMS/pay/ezshop/indexAN.php'],
      ['creditT', 'https://pay.fiuu.com/RMS/pay/ezshop/indexT.php'],
    ];
    for (const [code, url] of expected) {
      const handoff = client.handoff({ ...order, channel: code });
      expect(handoff.payment_url, code).toBe(url);
      expect(handoff.channel, code).toBe(code);
      // The vcode does not cover the channel: the same as without one.
      expect(handoff.vcode).toBe(fiuuVcode('27.60', 'ezshop', order.orderNum, 'v'.repeat(32)));
      expect(fiuuFormFields({ ...handoff }).channel).toBe(code);
    }
    // A code given in another case is sent as Fiuu writes it.
    expect(client.handoff({ ...order, channel: 'fpx_mb2u' }).channel).toBe('FPX_MB2U');
  });

  it('without a channel posts to /RMS/pay/{merchant}/ and sends no `channel` (Fiuu’s page chooses)', () => {
    for (const channel of [undefined, null, '']) {
      const handoff = client.handoff({ ...order, channel });
      expect(handoff.payment_url).toBe('https://pay.fiuu.com/RMS/pay/ezshop/');
      expect(handoff.channel).toBeUndefined();
      expect(fiuuFormFields(handoff)).not.toHaveProperty('channel');
    }
  });

  it('lists the defaults of issue #30 per currency and narrows them to FIUU_CHANNELS', () => {
    const kinds = (currency: 'MYR' | 'SGD' | 'USD' | 'CNY' | 'HKD') =>
      fiuuChannelsFor(currency).map((c) => (c.kind === 'fpx' ? 'fpx' : c.code));
    expect([...new Set(kinds('MYR'))]).toEqual([
      'fpx',
      'RPP_DuitNowQR',
      'TNG-EWALLET',
      'GrabPay',
      'ShopeePay',
      'BOOST',
      'credit',
    ]);
    expect(fiuuChannelsFor('MYR').filter((c) => c.kind === 'fpx').length).toBeGreaterThanOrEqual(19);
    expect(kinds('SGD')).toEqual(['PayNow', 'GrabPay_SG', 'creditAN']);
    expect(kinds('USD')).toEqual(['creditT']);
    expect(kinds('CNY')).toEqual(['creditT']);
    expect(kinds('HKD')).toEqual([]);
    expect(fiuuChannelsFor('MYR', ['fpx_mb2u', 'credit', 'PayNow']).map((c) => c.code)).toEqual([
      'FPX_MB2U',
      'credit',
    ]);
    expect(fiuuChannelsFor('MYR', [])).toEqual([]);
  });

  it('keeps FPX within more than 1.00 and at most 30 000 MYR; wallets above 1.00', () => {
    const mb2u = publicChannel(channel('FPX_MB2U'));
    expect(channelLimitBreach(mb2u, 100)).toBe('below');
    expect(channelLimitBreach(mb2u, 101)).toBeNull();
    expect(channelLimitBreach(mb2u, 3_000_000)).toBeNull();
    expect(channelLimitBreach(mb2u, 3_000_001)).toBe('above');
    const tng = publicChannel(channel('TNG-EWALLET'));
    expect(channelLimitBreach(tng, 100)).toBe('below');
    expect(channelLimitBreach(tng, 10_000_000)).toBeNull();
  });

  it('matches a reported channel by the names of the spec’s return-URL table, in any case', () => {
    const mb2u = channel('FPX_MB2U');
    expect(fiuuSameChannel(mb2u, 'FPX_MB2U')).toBe(true);
    expect(fiuuSameChannel(mb2u, 'MB2u')).toBe(true);
    expect(fiuuSameChannel(mb2u, 'fpx_mb2u')).toBe(true);
    expect(fiuuSameChannel(mb2u, 'FPX_CIMBCLICKS')).toBe(false);
    expect(fiuuSameChannel(channel('credit'), 'Credit')).toBe(true);
    expect(fiuuSameChannel(channel('TNG-EWALLET'), 'BOOST')).toBe(false);
  });

  it('has one row per code, each with a .php filename', () => {
    const codes = FIUU_CHANNELS.map((c) => c.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of FIUU_CHANNELS) expect(c.filename).toMatch(/^[A-Za-z0-9_-]+\.php$/);
  });
});

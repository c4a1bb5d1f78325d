import { randomBytes } from 'node:crypto';
import * as browser from '@ezrecharge/shared/wire-crypto';
import { describeWireCrypto } from '@ezrecharge/shared/wire-crypto.contract';
import { describe, expect, it } from 'vitest';
import * as server from './wire-crypto';

/**
 * The server's node:crypto implementation passes the wire format's contract (the same tests the browser's WebCrypto
 * implementation passes in packages/shared), and the two agree on anything either sends the other.
 */

describeWireCrypto('node:crypto (server)', server);

describe('node:crypto and WebCrypto agree', () => {
  const eventtime = '20260102003000';
  const texts = [
    '',
    'x',
    '0123456789abcdef',
    '{"game_type":1,"game_id":"bench_buyer","price_id":3,"quantity":2}',
    '钻石充值 ✓ \uFEFF💎',
    ...Array.from({ length: 20 }, (_, i) => randomBytes(i * 7).toString('base64')),
  ];
  const contexts = ['order', 'select', 'alice_01', '用户名', ' spaced '];

  it.each(contexts)(
    'every text in context %j: same ciphertext, and each decrypts the other',
    async (context) => {
      for (const text of texts) {
        const fromServer = server.encryptWire(text, eventtime, context);
        const fromBrowser = await browser.encryptWire(text, eventtime, context);
        expect(fromServer).toBe(fromBrowser);
        expect(server.decryptWire(fromBrowser, eventtime, context)).toBe(text);
        expect(await browser.decryptWire(fromServer, eventtime, context)).toBe(text);
      }
    },
  );

  it('1 MB of mixed text', async () => {
    const unit = 'EzRecharge 钻石 💎 0123456789\n';
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    expect(server.encryptWire(text, eventtime, 'select')).toBe(
      await browser.encryptWire(text, eventtime, 'select'),
    );
  });

  it('refuse the same tampered input for the same reason', async () => {
    const good = server.encryptWire('{"amount":2760}', eventtime, 'order');
    const reason = async (call: () => unknown) =>
      Promise.resolve()
        .then(call)
        .then(
          () => 'accepted',
          (err: unknown) => (err instanceof browser.WireCryptoError ? err.reason : 'other error'),
        );
    const inputs: [string, string, string][] = [
      [good, eventtime, 'orders'],
      [good, '20260102003001', 'order'],
      [`${good.slice(0, -2)}A=`, eventtime, 'order'],
      [good.slice(4), eventtime, 'order'],
      [good.replace(/=+$/, ''), eventtime, 'order'],
      [` ${good}`, eventtime, 'order'],
      [good, '2026-01-02', 'order'],
      [good, eventtime, ''],
    ];
    for (const [c, t, ctx] of inputs) {
      expect(await reason(() => server.decryptWire(c, t, ctx))).toBe(
        await reason(() => browser.decryptWire(c, t, ctx)),
      );
    }
  });
});

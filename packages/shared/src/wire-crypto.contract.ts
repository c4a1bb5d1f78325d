import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, loginContext, WIRE_CONTEXT, WireCryptoError } from './wire-crypto';

/**
 * The wire format's contract (wire-crypto.ts), as tests any implementation must pass: the pinned vectors, round
 * trips and every refusal with its reason. Two implementations run it — WebCrypto here (the browser's, in
 * wire-crypto.test.ts) and node:crypto on the server (apps/server/src/infra/wire-crypto.test.ts) — so passing it
 * twice proves they agree. Test code only: imported by test files, never by the apps (dependency-cruiser).
 */

/** What an implementation offers; synchronous or asynchronous (WebCrypto only has the latter). */
export interface WireCryptoImplementation {
  encryptWire(plaintext: string, eventtime: string, context: string): string | Promise<string>;
  decryptWire(ciphertext: string, eventtime: string, context: string): string | Promise<string>;
  encryptWireJson(value: unknown, eventtime: string, context: string): string | Promise<string>;
  decryptWireJson(ciphertext: string, eventtime: string, context: string): unknown;
}

/** Pinned once from an independent implementation (wire-crypto.test.ts); a change of the format must break these. */
export const WIRE_VECTORS = [
  {
    name: 'order commit payload',
    plaintext:
      '{"game_type":1,"game_id":"900001234","price_id":7,"quantity":2,"amount":2760,"amount_game":200,"pay_currency":"SGD"}',
    eventtime: '20260102003000',
    context: WIRE_CONTEXT.order,
    ciphertext:
      'yPQw6t9c2YAC1ocHT0U6JSilhMiokt3PhTMCaKBDgwN9tdRERBn21Ce/ruArSZhOcJiQb5NI1Qhf16jxBj4KvOGauzFsH5i6M6X9GHn9hSi5wtP6c5ayC8S3JPo6VydL6aTbv4LFikJGlHvM5SIJ92yWjhQ64HzhCGVZnHKMrYg=',
  },
  {
    name: 'login password keyed by username',
    plaintext: 'Secret-Pass1',
    eventtime: '20260315093005',
    context: loginContext('alice_01'),
    ciphertext: 'W2WRiHeq97NkQwUrCjOeOg==',
  },
  {
    name: 'Chinese text in a select response',
    plaintext: '钻石充值 ✓',
    eventtime: '20251231235959',
    context: WIRE_CONTEXT.select,
    ciphertext: 'q1co95pq4hhvOpj/B8rePD1lrRxxTZLkoj9uL6b3PbU=',
  },
  {
    name: 'empty string (one block of padding)',
    plaintext: '',
    eventtime: '20260102003000',
    context: WIRE_CONTEXT.select,
    ciphertext: 'ws7FMpkeVasYp+SUJBe9Jw==',
  },
] as const;

const ORDER = WIRE_VECTORS[0];

/** Passes when `call` throws or rejects with a WireCryptoError (of `reason`, if given). */
async function expectWireError(call: () => unknown, reason?: string): Promise<void> {
  const err = await Promise.resolve()
    .then(call)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(WireCryptoError);
  if (reason && err instanceof WireCryptoError) expect(err.reason).toBe(reason);
}

/** Flips one bit of byte `index` (negative counts from the end) of a base64 ciphertext. */
function flipBit(ciphertext: string, index: number): string {
  const bytes = base64ToBytes(ciphertext);
  if (!bytes) throw new Error('test vector is not base64');
  const i = index < 0 ? bytes.length + index : index;
  bytes[i] = (bytes[i] ?? 0) ^ 1;
  return bytesToBase64(bytes);
}

export function describeWireCrypto(label: string, impl: WireCryptoImplementation): void {
  const { encryptWire, decryptWire, encryptWireJson, decryptWireJson } = impl;

  describe(`${label}: wire format test vectors`, () => {
    it.each(WIRE_VECTORS)('$name: encrypts to the pinned ciphertext', async (v) => {
      expect(await encryptWire(v.plaintext, v.eventtime, v.context)).toBe(v.ciphertext);
    });

    it.each(WIRE_VECTORS)('$name: decrypts the pinned ciphertext', async (v) => {
      expect(await decryptWire(v.ciphertext, v.eventtime, v.context)).toBe(v.plaintext);
    });

    it('decrypts the order vector to the JSON the client sent', async () => {
      expect(await decryptWireJson(ORDER.ciphertext, ORDER.eventtime, ORDER.context)).toEqual({
        game_type: 1,
        game_id: '900001234',
        price_id: 7,
        quantity: 2,
        amount: 2760,
        amount_game: 200,
        pay_currency: 'SGD',
      });
    });
  });

  describe(`${label}: round trips`, () => {
    const t = '20260102003000';

    it.each([
      ['ASCII', 'hello, world'],
      ['Chinese', '你好，世界！钻石 100 颗'],
      ['empty string', ''],
      ['exactly one block', '0123456789abcdef'],
      ['emoji and a leading byte-order mark', '\uFEFF💎 ok'],
    ])('%s', async (_name, text) => {
      const c = await encryptWire(text, t, WIRE_CONTEXT.order);
      expect(await decryptWire(c, t, WIRE_CONTEXT.order)).toBe(text);
    });

    it('1 MB of mixed text', async () => {
      const unit = 'EzRecharge 钻石 💎 0123456789\n';
      const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
      const c = await encryptWire(text, t, WIRE_CONTEXT.select);
      expect(await decryptWire(c, t, WIRE_CONTEXT.select)).toBe(text);
    });

    it('JSON values', async () => {
      const value = { list: [{ id: 1, name: '新加坡元' }], total: 1, ok: true, none: null };
      const c = await encryptWireJson(value, t, WIRE_CONTEXT.select);
      expect(await decryptWireJson(c, t, WIRE_CONTEXT.select)).toEqual(value);
    });

    it('a username is its own key: two users never share ciphertexts', async () => {
      const a = await encryptWire('Secret-Pass1', t, loginContext('alice_01'));
      const b = await encryptWire('Secret-Pass1', t, loginContext('alice_02'));
      expect(a).not.toBe(b);
    });
  });

  describe(`${label}: refusals`, () => {
    it('a flipped bit in the last block (padding) is refused', async () => {
      await expectWireError(() => decryptWire(flipBit(ORDER.ciphertext, -1), ORDER.eventtime, ORDER.context));
    });

    it('a flipped bit in the block before the padding byte is refused as bad padding', async () => {
      // CBC: this flips the last plaintext byte, i.e. the padding length, so the padding no longer checks out.
      await expectWireError(
        () => decryptWire(flipBit(ORDER.ciphertext, -17), ORDER.eventtime, ORDER.context),
        'bad_ciphertext',
      );
    });

    it('a flipped bit in the first block of the login vector is refused', async () => {
      const v = WIRE_VECTORS[1];
      await expectWireError(() => decryptWire(flipBit(v.ciphertext, 0), v.eventtime, v.context));
    });

    it('a truncated ciphertext is refused', async () => {
      await expectWireError(
        () => decryptWire(ORDER.ciphertext.slice(0, 22), ORDER.eventtime, ORDER.context),
        'bad_base64',
      );
      const bytes = base64ToBytes(ORDER.ciphertext);
      if (!bytes) throw new Error('test vector is not base64');
      await expectWireError(
        () => decryptWire(bytesToBase64(bytes.subarray(0, bytes.length - 3)), ORDER.eventtime, ORDER.context),
        'bad_ciphertext',
      );
    });

    it.each(WIRE_VECTORS)('$name: a wrong context is refused', async (v) => {
      await expectWireError(() => decryptWire(v.ciphertext, v.eventtime, `${v.context}x`));
    });

    it.each(WIRE_VECTORS)('$name: a wrong event time is refused', async (v) => {
      await expectWireError(() => decryptWire(v.ciphertext, '20260102003001', v.context));
    });

    it('the login password cannot be read with another username', async () => {
      const v = WIRE_VECTORS[1];
      await expectWireError(() => decryptWire(v.ciphertext, v.eventtime, loginContext('Alice_01')));
    });

    it.each([
      ['not base64 at all', 'not base64!'],
      ['missing padding', 'W2WRiHeq97NkQwUrCjOeOg'],
      ['whitespace', 'W2WRiHeq 97NkQwUrCjOeOg=='],
      ['URL-safe alphabet', 'W2WRiHeq97NkQwUrCjOeO_=='],
      ['non-zero unused bits', 'W2WRiHeq97NkQwUrCjOeOh=='],
      ['empty', ''],
    ])('bad base64 (%s) is refused', async (_name, text) => {
      const v = WIRE_VECTORS[1];
      await expectWireError(
        () => decryptWire(text, v.eventtime, v.context),
        text === '' ? 'bad_ciphertext' : 'bad_base64',
      );
    });

    it.each(['2026010200300', '2026-01-02 00:30', '20261302003000', '20260230003000', '20260102240000', ''])(
      'a malformed event time (%j) is refused on both sides',
      async (eventtime) => {
        await expectWireError(() => encryptWire('x', eventtime, WIRE_CONTEXT.order), 'bad_event_time');
        await expectWireError(
          () => decryptWire(ORDER.ciphertext, eventtime, ORDER.context),
          'bad_event_time',
        );
      },
    );

    it('an empty context is refused', async () => {
      await expectWireError(() => encryptWire('x', ORDER.eventtime, ''), 'bad_context');
      await expectWireError(() => decryptWire(ORDER.ciphertext, ORDER.eventtime, ''), 'bad_context');
    });

    it('decrypted text that is not JSON is refused by decryptWireJson', async () => {
      const c = await encryptWire('{"amount": 27', ORDER.eventtime, ORDER.context);
      await expectWireError(() => decryptWireJson(c, ORDER.eventtime, ORDER.context), 'bad_json');
    });

    it('bytes that are not UTF-8 are refused', async () => {
      // A lone continuation byte, encrypted with the format's key schedule through WebCrypto directly.
      const t = ORDER.eventtime;
      const sha = async (s: string) =>
        new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
      const key = await crypto.subtle.importKey(
        'raw',
        await sha(`ezrecharge-wire-v1|key|${t}|order`),
        { name: 'AES-CBC' },
        false,
        ['encrypt'],
      );
      const iv = (await sha(`ezrecharge-wire-v1|iv|${t}|order`)).slice(0, 16);
      const raw = await crypto.subtle.encrypt(
        { name: 'AES-CBC', iv },
        key,
        new Uint8Array([0x61, 0x80, 0x62]),
      );
      await expectWireError(() => decryptWire(bytesToBase64(new Uint8Array(raw)), t, 'order'), 'bad_utf8');
    });

    it('values JSON cannot carry are refused before encryption', async () => {
      await expectWireError(
        () => encryptWireJson(undefined, ORDER.eventtime, ORDER.context),
        'not_serialisable',
      );
      await expectWireError(
        () => encryptWireJson({ n: 1n }, ORDER.eventtime, ORDER.context),
        'not_serialisable',
      );
    });
  });
}

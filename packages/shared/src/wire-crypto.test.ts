import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  decryptWire,
  decryptWireJson,
  encryptWire,
  encryptWireJson,
  formatEventTime,
  isEventTimeFresh,
  loginContext,
  parseEventTime,
  WIRE_CONTEXT,
  WireCryptoError,
} from './wire-crypto';

/**
 * An independent implementation (Node's OpenSSL bindings), to show the pinned vectors are the documented
 * format and not merely whatever wire-crypto.ts happens to produce. Imported through a variable so that the
 * package's type check keeps Node's types (and Buffer) out of the shared code.
 */
interface NodeCrypto {
  createHash(alg: 'sha256'): { update(data: string, enc: 'utf8'): { digest(): Uint8Array } };
  createCipheriv(
    alg: 'aes-256-cbc',
    key: Uint8Array,
    iv: Uint8Array,
  ): { update(data: string, inEnc: 'utf8', outEnc: 'base64'): string; final(outEnc: 'base64'): string };
}
const nodeCryptoId = 'node:crypto';
const nodeCrypto = (await import(/* @vite-ignore */ nodeCryptoId)) as NodeCrypto;

function referenceEncrypt(plaintext: string, eventtime: string, context: string): string {
  const sha = (s: string) => nodeCrypto.createHash('sha256').update(s, 'utf8').digest();
  const key = sha(`ezrecharge-wire-v1|key|${eventtime}|${context}`);
  const iv = sha(`ezrecharge-wire-v1|iv|${eventtime}|${context}`).subarray(0, 16);
  const cipher = nodeCrypto.createCipheriv('aes-256-cbc', key, iv);
  return cipher.update(plaintext, 'utf8', 'base64') + cipher.final('base64');
}

/** Pinned once from referenceEncrypt; a change of the wire format must break these. */
const VECTORS = [
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

const ORDER = VECTORS[0];

async function expectWireError(p: Promise<unknown>, reason?: string): Promise<void> {
  const err = await p.then(
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

describe('wire format test vectors', () => {
  it.each(VECTORS)('$name: encrypts to the pinned ciphertext', async (v) => {
    expect(await encryptWire(v.plaintext, v.eventtime, v.context)).toBe(v.ciphertext);
  });

  it.each(VECTORS)('$name: the independent Node implementation agrees', (v) => {
    expect(referenceEncrypt(v.plaintext, v.eventtime, v.context)).toBe(v.ciphertext);
  });

  it.each(VECTORS)('$name: decrypts the pinned ciphertext', async (v) => {
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

describe('round trips', () => {
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
    expect(c).toBe(referenceEncrypt(text, t, WIRE_CONTEXT.select));
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

describe('refusals', () => {
  it('a flipped bit in the last block (padding) is refused', async () => {
    await expectWireError(decryptWire(flipBit(ORDER.ciphertext, -1), ORDER.eventtime, ORDER.context));
  });

  it('a flipped bit in the block before the padding byte is refused as bad padding', async () => {
    // CBC: this flips the last plaintext byte, i.e. the padding length, so the padding no longer checks out.
    await expectWireError(
      decryptWire(flipBit(ORDER.ciphertext, -17), ORDER.eventtime, ORDER.context),
      'bad_ciphertext',
    );
  });

  it('a flipped bit in the first block of the login vector is refused', async () => {
    const v = VECTORS[1];
    await expectWireError(decryptWire(flipBit(v.ciphertext, 0), v.eventtime, v.context));
  });

  it('a truncated ciphertext is refused', async () => {
    await expectWireError(
      decryptWire(ORDER.ciphertext.slice(0, 22), ORDER.eventtime, ORDER.context),
      'bad_base64',
    );
    const bytes = base64ToBytes(ORDER.ciphertext);
    if (!bytes) throw new Error('test vector is not base64');
    await expectWireError(
      decryptWire(bytesToBase64(bytes.subarray(0, bytes.length - 3)), ORDER.eventtime, ORDER.context),
      'bad_ciphertext',
    );
  });

  it.each(VECTORS)('$name: a wrong context is refused', async (v) => {
    await expectWireError(decryptWire(v.ciphertext, v.eventtime, `${v.context}x`));
  });

  it.each(VECTORS)('$name: a wrong event time is refused', async (v) => {
    await expectWireError(decryptWire(v.ciphertext, '20260102003001', v.context));
  });

  it('the login password cannot be read with another username', async () => {
    const v = VECTORS[1];
    await expectWireError(decryptWire(v.ciphertext, v.eventtime, loginContext('Alice_01')));
  });

  it.each([
    ['not base64 at all', 'not base64!'],
    ['missing padding', 'W2WRiHeq97NkQwUrCjOeOg'],
    ['whitespace', 'W2WRiHeq 97NkQwUrCjOeOg=='],
    ['URL-safe alphabet', 'W2WRiHeq97NkQwUrCjOeO_=='],
    ['non-zero unused bits', 'W2WRiHeq97NkQwUrCjOeOh=='],
    ['empty', ''],
  ])('bad base64 (%s) is refused', async (_name, text) => {
    const v = VECTORS[1];
    await expectWireError(
      decryptWire(text, v.eventtime, v.context),
      text === '' ? 'bad_ciphertext' : 'bad_base64',
    );
  });

  it.each(['2026010200300', '2026-01-02 00:30', '20261302003000', '20260230003000', '20260102240000', ''])(
    'a malformed event time (%j) is refused on both sides',
    async (eventtime) => {
      await expectWireError(encryptWire('x', eventtime, WIRE_CONTEXT.order), 'bad_event_time');
      await expectWireError(decryptWire(ORDER.ciphertext, eventtime, ORDER.context), 'bad_event_time');
    },
  );

  it('an empty context is refused', async () => {
    await expectWireError(encryptWire('x', ORDER.eventtime, ''), 'bad_context');
  });

  it('decrypted text that is not JSON is refused by decryptWireJson', async () => {
    const c = await encryptWire('{"amount": 27', ORDER.eventtime, ORDER.context);
    await expectWireError(decryptWireJson(c, ORDER.eventtime, ORDER.context), 'bad_json');
  });

  it('bytes that are not UTF-8 are refused', async () => {
    // A lone continuation byte, encrypted with the reference implementation's key schedule via WebCrypto.
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
    const raw = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, new Uint8Array([0x61, 0x80, 0x62]));
    await expectWireError(decryptWire(bytesToBase64(new Uint8Array(raw)), t, 'order'), 'bad_utf8');
  });

  it('values JSON cannot carry are refused before encryption', async () => {
    await expectWireError(encryptWireJson(undefined, ORDER.eventtime, ORDER.context), 'not_serialisable');
    await expectWireError(encryptWireJson({ n: 1n }, ORDER.eventtime, ORDER.context), 'not_serialisable');
  });
});

describe('event time (UTC+8)', () => {
  it('crosses the UTC date boundary: 16:30 UTC on 1 January is 00:30 on 2 January in UTC+8', () => {
    expect(formatEventTime(new Date('2026-01-01T16:30:00Z'))).toBe('20260102003000');
  });

  it('crosses the year boundary and keeps seconds', () => {
    expect(formatEventTime(new Date('2025-12-31T15:59:59.999Z'))).toBe('20251231235959');
    expect(formatEventTime(new Date('2025-12-31T16:00:00Z'))).toBe('20260101000000');
  });

  it('handles 29 February', () => {
    expect(formatEventTime(new Date('2028-02-28T20:00:00Z'))).toBe('20280229040000');
  });

  it('defaults to now', () => {
    const before = Date.now();
    const t = parseEventTime(formatEventTime());
    expect(t).not.toBeNull();
    expect(Math.abs((t?.getTime() ?? 0) - before)).toBeLessThan(2_000);
  });

  it('refuses an invalid date', () => {
    expect(() => formatEventTime(new Date('nope'))).toThrow(RangeError);
  });

  it('parses back to the same instant', () => {
    expect(parseEventTime('20260102003000')?.toISOString()).toBe('2026-01-01T16:30:00.000Z');
    expect(parseEventTime('20280229235959')?.toISOString()).toBe('2028-02-29T15:59:59.000Z');
    expect(parseEventTime('00500101080000')?.toISOString()).toBe('0050-01-01T00:00:00.000Z');
  });

  it.each([
    '2026010200300',
    '202601020030000',
    ' 20260102003000',
    '2026010200300a',
    '20260002003000',
    '20261302003000',
    '20260100003000',
    '20260132003000',
    '20270229003000',
    '20260431003000',
    '20260102240000',
    '20260102006000',
    '20260102003060',
    '２0260102003000',
  ])('parseEventTime refuses %j', (s) => {
    expect(parseEventTime(s)).toBeNull();
  });

  describe('freshness window (5 minutes either way, inclusive)', () => {
    const now = new Date('2026-01-01T16:30:00Z'); // 20260102003000 in UTC+8

    it.each([
      ['same second', '20260102003000', true],
      ['exactly 5 minutes old', '20260102002500', true],
      ['5 minutes and 1 second old', '20260102002459', false],
      ['exactly 5 minutes ahead', '20260102003500', true],
      ['5 minutes and 1 second ahead', '20260102003501', false],
      ['a day old', '20260101003000', false],
      ['malformed', '2026-01-02', false],
    ])('%s → %s', (_name, eventtime, fresh) => {
      expect(isEventTimeFresh(eventtime, now)).toBe(fresh);
    });

    it('honours a custom window', () => {
      expect(isEventTimeFresh('20260102002959', now, 1_000)).toBe(true);
      expect(isEventTimeFresh('20260102002958', now, 1_000)).toBe(false);
    });
  });
});

describe('base64', () => {
  it('matches the standard encoding for every tail length', () => {
    const cases: Array<[number[], string]> = [
      [[], ''],
      [[0xff], '/w=='],
      [[0xff, 0xfe], '//4='],
      [[0xfb, 0xff, 0xbf], '+/+/'],
    ];
    for (const [bytes, text] of cases) {
      expect(bytesToBase64(new Uint8Array(bytes))).toBe(text);
      expect(Array.from(base64ToBytes(text) ?? [])).toEqual(bytes);
    }
  });
});

import { describe, expect, it } from 'vitest';
import * as wire from './wire-crypto';
import {
  base64ToBytes,
  bytesToBase64,
  formatEventTime,
  isEventTimeFresh,
  parseEventTime,
  WIRE_CONTEXT,
} from './wire-crypto';
import { describeWireCrypto, WIRE_VECTORS } from './wire-crypto.contract';

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

describeWireCrypto('WebCrypto (browser and shared code)', wire);

describe('the pinned vectors are the documented format', () => {
  it.each(WIRE_VECTORS)('$name: the independent Node implementation agrees', (v) => {
    expect(referenceEncrypt(v.plaintext, v.eventtime, v.context)).toBe(v.ciphertext);
  });

  it('1 MB of mixed text encrypts as the independent implementation does', async () => {
    const t = '20260102003000';
    const unit = 'EzRecharge 钻石 💎 0123456789\n';
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    expect(await wire.encryptWire(text, t, WIRE_CONTEXT.select)).toBe(
      referenceEncrypt(text, t, WIRE_CONTEXT.select),
    );
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

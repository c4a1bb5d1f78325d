/**
 * The SPEC.md wire format (§3 login payload, §7 order commit and select responses, §9 "AES-CBC with PKCS7"):
 * one implementation for the browser and the server, on WebCrypto only.
 *
 * Definition (version 1, pinned by the test vectors in wire-crypto.test.ts — changing anything here breaks them):
 *
 *   eventtime  = 14 digits yyyyMMddHHmmss of the sending moment in UTC+8 (fixed offset, no DST)
 *   context    = 'order' (order commit payload), 'select' (product/price select responses),
 *                or the username exactly as typed (login password)
 *   key        = SHA-256(UTF-8 "ezrecharge-wire-v1|key|<eventtime>|<context>")              32 bytes, AES-256
 *   iv         = SHA-256(UTF-8 "ezrecharge-wire-v1|iv|<eventtime>|<context>")[0..16)        16 bytes
 *   ciphertext = AES-256-CBC(key, iv, PKCS7-padded UTF-8 of the plaintext)
 *   on the wire: standard base64 (RFC 4648 §4, with '=' padding, no line breaks)
 *
 * Why this is not security: anyone who reads the bundle can derive every key from the eventtime that travels
 * beside the ciphertext. It is an obfuscated wire format that SPEC.md requires; TLS protects the data
 * (DESIGN.md §5). CBC has no integrity check either, so a tampered ciphertext is usually — not always —
 * refused: the receiver must still validate what it decrypts (zod) and must never trust a decrypted amount.
 */

export const WIRE_FORMAT_VERSION = 'ezrecharge-wire-v1';

/** Contexts of the calls that carry encrypted data; login uses `loginContext(username)` instead. */
export const WIRE_CONTEXT = { order: 'order', select: 'select' } as const;
export type TWireContext = (typeof WIRE_CONTEXT)[keyof typeof WIRE_CONTEXT];

/** The login password is keyed by the username exactly as sent in the form field (no trimming, no case folding). */
export const loginContext = (username: string): string => username;

/** DESIGN.md §5: the server refuses event times further than this from its clock, in either direction. */
export const EVENT_TIME_MAX_SKEW_MS = 5 * 60_000;

export type TWireCryptoReason =
  | 'bad_event_time'
  | 'bad_context'
  | 'bad_base64'
  | 'bad_ciphertext'
  | 'bad_utf8'
  | 'bad_json'
  | 'not_serialisable'
  | 'unavailable';

/** Every failure of this module; `reason` lets the server log why without echoing the payload. */
export class WireCryptoError extends Error {
  override readonly name = 'WireCryptoError';
  readonly reason: TWireCryptoReason;

  constructor(reason: TWireCryptoReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Event time (UTC+8)

const UTC8_OFFSET_MS = 8 * 60 * 60_000;
const EVENT_TIME_RE = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * `yyyyMMddHHmmss` of `date` in UTC+8. Computed from the UTC fields of a shifted instant, so the machine's
 * time zone never leaks in.
 */
export function formatEventTime(date: Date = new Date()): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('formatEventTime: invalid date');
  const d = new Date(ms + UTC8_OFFSET_MS);
  const year = d.getUTCFullYear();
  // Outside 0000–9999 the result would not be 14 digits.
  if (year < 0 || year > 9999) throw new RangeError('formatEventTime: year outside 0000–9999');
  return (
    pad(year, 4) +
    pad(d.getUTCMonth() + 1, 2) +
    pad(d.getUTCDate(), 2) +
    pad(d.getUTCHours(), 2) +
    pad(d.getUTCMinutes(), 2) +
    pad(d.getUTCSeconds(), 2)
  );
}

/** The instant an event time names, or null unless it is exactly 14 digits of a real UTC+8 calendar time. */
export function parseEventTime(s: string): Date | null {
  const m = EVENT_TIME_RE.exec(s);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return null;
  }
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  // Date rolls 31 April over into 1 May; a roll-over means the day did not exist.
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return new Date(d.getTime() - UTC8_OFFSET_MS);
}

/**
 * True when `eventtime` is well formed and at most `maxSkewMs` from `now`, in the past or the future
 * (clients' clocks run fast as well as slow). The window is inclusive at both edges.
 */
export function isEventTimeFresh(
  eventtime: string,
  now: Date,
  maxSkewMs: number = EVENT_TIME_MAX_SKEW_MS,
): boolean {
  const t = parseEventTime(eventtime);
  if (!t) return false;
  const skew = Math.abs(t.getTime() - now.getTime());
  return skew <= maxSkewMs;
}

// ---------------------------------------------------------------------------------------------------------
// Base64 (strict; atob accepts whitespace and missing padding, and Buffer is Node-only)

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_LOOKUP = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) table[B64.charCodeAt(i)] = i;
  return table;
})();

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  const full = bytes.length - (bytes.length % 3);
  for (let i = 0; i < full; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    chunk +=
      B64.charAt(n >>> 18) + B64.charAt((n >>> 12) & 63) + B64.charAt((n >>> 6) & 63) + B64.charAt(n & 63);
    // Flush now and then so large payloads do not build one huge rope string.
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const rest = bytes.length - full;
  if (rest === 1) {
    const n = (bytes[full] ?? 0) << 16;
    chunk += `${B64.charAt(n >>> 18)}${B64.charAt((n >>> 12) & 63)}==`;
  } else if (rest === 2) {
    const n = ((bytes[full] ?? 0) << 16) | ((bytes[full + 1] ?? 0) << 8);
    chunk += `${B64.charAt(n >>> 18)}${B64.charAt((n >>> 12) & 63)}${B64.charAt((n >>> 6) & 63)}=`;
  }
  parts.push(chunk);
  return parts.join('');
}

/** Canonical standard base64 only (length a multiple of 4, correct '=' padding, zero unused bits); else null. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  const sextet = (i: number): number => {
    const c = text.charCodeAt(i);
    return c < 128 ? (B64_LOOKUP[c] ?? -1) : -1;
  };
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const a = sextet(i);
    const b = sextet(i + 1);
    const c = last && padding === 2 ? 0 : sextet(i + 2);
    const d = last && padding >= 1 ? 0 : sextet(i + 3);
    if (a < 0 || b < 0 || c < 0 || d < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    if (last && padding === 2) {
      // The 4 low bits of b are unused; a canonical encoder leaves them zero.
      if ((b & 15) !== 0) return null;
      continue;
    }
    out[o++] = (n >>> 8) & 255;
    if (last && padding === 1) {
      if ((c & 3) !== 0) return null;
      continue;
    }
    out[o++] = n & 255;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Keys and AES-CBC

const encoder = new TextEncoder();
// fatal: a wrong key that happens to leave valid padding must not come back as replacement characters.
// ignoreBOM: a leading U+FEFF is part of the plaintext and must survive the round trip.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Named through globalThis so the types resolve under both the DOM lib (web) and @types/node (server).
type TSubtle = typeof globalThis.crypto.subtle;
type TCryptoKey = Awaited<ReturnType<TSubtle['importKey']>>;

function subtle(): TSubtle {
  const s = globalThis.crypto?.subtle;
  // Browsers expose crypto.subtle only in secure contexts (HTTPS or localhost).
  if (!s) throw new WireCryptoError('unavailable', 'WebCrypto (crypto.subtle) is not available here');
  return s;
}

function checkInputs(eventtime: string, context: string): void {
  if (!parseEventTime(eventtime)) {
    throw new WireCryptoError('bad_event_time', 'eventtime must be 14 digits yyyyMMddHHmmss of a real time');
  }
  if (context.length === 0) throw new WireCryptoError('bad_context', 'context must not be empty');
}

async function deriveKey(
  eventtime: string,
  context: string,
  usage: 'encrypt' | 'decrypt',
): Promise<{ key: TCryptoKey; iv: Uint8Array<ArrayBuffer> }> {
  const s = subtle();
  const keyBytes = await s.digest(
    'SHA-256',
    encoder.encode(`${WIRE_FORMAT_VERSION}|key|${eventtime}|${context}`),
  );
  const ivHash = await s.digest(
    'SHA-256',
    encoder.encode(`${WIRE_FORMAT_VERSION}|iv|${eventtime}|${context}`),
  );
  const key = await s.importKey('raw', keyBytes, { name: 'AES-CBC' }, false, [usage]);
  return { key, iv: new Uint8Array(ivHash, 0, 16) };
}

/** Encrypts `plaintext` for the wire; returns standard base64. WebCrypto's AES-CBC pads with PKCS7. */
export async function encryptWire(plaintext: string, eventtime: string, context: string): Promise<string> {
  checkInputs(eventtime, context);
  const { key, iv } = await deriveKey(eventtime, context, 'encrypt');
  const ciphertext = await subtle().encrypt({ name: 'AES-CBC', iv }, key, encoder.encode(plaintext));
  return bytesToBase64(new Uint8Array(ciphertext));
}

/**
 * Decrypts a wire value. Throws WireCryptoError on a bad event time, bad base64, a length that is not whole
 * AES blocks, bad PKCS7 padding (what a wrong key or context almost always gives) or invalid UTF-8.
 */
export async function decryptWire(ciphertext: string, eventtime: string, context: string): Promise<string> {
  checkInputs(eventtime, context);
  const bytes = base64ToBytes(ciphertext);
  if (!bytes) throw new WireCryptoError('bad_base64', 'ciphertext is not canonical standard base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) {
    throw new WireCryptoError('bad_ciphertext', 'ciphertext is not a whole number of AES blocks');
  }
  const { key, iv } = await deriveKey(eventtime, context, 'decrypt');
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, bytes);
  } catch (cause) {
    throw new WireCryptoError('bad_ciphertext', 'ciphertext does not decrypt (wrong key, context or data)', {
      cause,
    });
  }
  try {
    return decoder.decode(plain);
  } catch (cause) {
    throw new WireCryptoError('bad_utf8', 'decrypted data is not UTF-8 (wrong key, context or data)', {
      cause,
    });
  }
}

/** `encryptWire(JSON.stringify(value))`; refuses values JSON cannot represent (undefined, functions, BigInt, cycles). */
export async function encryptWireJson(value: unknown, eventtime: string, context: string): Promise<string> {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw new WireCryptoError('not_serialisable', 'value cannot be serialised as JSON', { cause });
  }
  if (json === undefined) throw new WireCryptoError('not_serialisable', 'value cannot be serialised as JSON');
  return encryptWire(json, eventtime, context);
}

/** Decrypts and parses; the result is unknown on purpose — validate it with the call's zod schema. */
export async function decryptWireJson(
  ciphertext: string,
  eventtime: string,
  context: string,
): Promise<unknown> {
  const text = await decryptWire(ciphertext, eventtime, context);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new WireCryptoError('bad_json', 'decrypted data is not JSON', { cause });
  }
}

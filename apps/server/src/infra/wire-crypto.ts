import { isUtf8 } from 'node:buffer';
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { parseEventTime, WIRE_FORMAT_VERSION, WireCryptoError } from '@ezrecharge/shared';

/**
 * The server's side of the SPEC.md wire format (packages/shared/src/wire-crypto.ts defines it and holds the
 * browser's implementation, on WebCrypto). The same format on node:crypto's synchronous functions: WebCrypto in Node
 * runs every digest, key import and decryption as a job on the thread pool and resolves a promise for each, about
 * 176 µs a decryption against about 10 µs here, and the order commit decrypts on every call (issue #12). Both
 * implementations pass the same contract (wire-crypto.contract.ts in packages/shared, run by wire-crypto.test.ts
 * here and there), which pins the vectors, the round trips and every refusal with its reason.
 *
 * Server code imports these, never the WebCrypto functions of @ezrecharge/shared (Biome's noRestrictedImports).
 */

function checkInputs(eventtime: string, context: string): void {
  if (!parseEventTime(eventtime)) {
    throw new WireCryptoError('bad_event_time', 'eventtime must be 14 digits yyyyMMddHHmmss of a real time');
  }
  if (context.length === 0) throw new WireCryptoError('bad_context', 'context must not be empty');
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The AES-256 key and the IV of one (event time, context): raw bytes, nothing to import. */
function keyOf(eventtime: string, context: string): { key: Buffer; iv: Buffer } {
  return {
    key: sha256(`${WIRE_FORMAT_VERSION}|key|${eventtime}|${context}`),
    iv: sha256(`${WIRE_FORMAT_VERSION}|iv|${eventtime}|${context}`).subarray(0, 16),
  };
}

/** Encrypts `plaintext` for the wire; returns standard base64 (AES-256-CBC, PKCS7 padding). */
export function encryptWire(plaintext: string, eventtime: string, context: string): string {
  checkInputs(eventtime, context);
  const { key, iv } = keyOf(eventtime, context);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * Decrypts a wire value. Throws WireCryptoError on a bad event time, bad base64, a length that is not whole AES
 * blocks, bad PKCS7 padding (what a wrong key or context almost always gives) or invalid UTF-8.
 */
export function decryptWire(ciphertext: string, eventtime: string, context: string): string {
  checkInputs(eventtime, context);
  const bytes = Buffer.from(ciphertext, 'base64');
  // Buffer's decoder skips what it does not know; only canonical base64 encodes back to the same text.
  if (bytes.toString('base64') !== ciphertext) {
    throw new WireCryptoError('bad_base64', 'ciphertext is not canonical standard base64');
  }
  if (bytes.length === 0 || bytes.length % 16 !== 0) {
    throw new WireCryptoError('bad_ciphertext', 'ciphertext is not a whole number of AES blocks');
  }
  const { key, iv } = keyOf(eventtime, context);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
  } catch (cause) {
    throw new WireCryptoError('bad_ciphertext', 'ciphertext does not decrypt (wrong key, context or data)', {
      cause,
    });
  }
  if (!isUtf8(plain)) {
    throw new WireCryptoError('bad_utf8', 'decrypted data is not UTF-8 (wrong key, context or data)');
  }
  // toString keeps a leading U+FEFF, as the browser's decoder (ignoreBOM) does.
  return plain.toString('utf8');
}

/** `encryptWire(JSON.stringify(value))`; refuses values JSON cannot represent (undefined, functions, BigInt, cycles). */
export function encryptWireJson(value: unknown, eventtime: string, context: string): string {
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
export function decryptWireJson(ciphertext: string, eventtime: string, context: string): unknown {
  const text = decryptWire(ciphertext, eventtime, context);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new WireCryptoError('bad_json', 'decrypted data is not JSON', { cause });
  }
}

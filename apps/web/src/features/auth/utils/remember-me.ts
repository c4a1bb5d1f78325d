import { readLocal, removeLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage';

/** The wire format's helpers, loaded when first used (the sign-in page's first load does without them). */
const wireCrypto = () => import('@ezrecharge/shared/wire-crypto');

/**
 * Remember-me of SPEC.md §4, protected as DESIGN.md §5 asks: the password is stored encrypted with AES-GCM under
 * a key that WebCrypto generated as non-extractable and that lives in IndexedDB, so no script (ours included)
 * can read the key out, and a copy of localStorage alone decrypts nothing. The key never leaves the browser.
 *
 * Stored (localStorage, SPEC.md §3 keys): ezrecharge_username, ezrecharge_password (base64 of IV ‖ ciphertext),
 * ezrecharge_remember_checkbox ('true') and EzLiveStr (when it was saved). The username and the timestamp are
 * bound to the ciphertext as associated data, so editing either makes decryption fail (the field stays empty).
 */

/** Where the one remember-me key is kept; IndexedDB in the browser, a Map in tests. */
export interface TKeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
  delete(): Promise<void>;
}

export interface TRemembered {
  username: string;
  /** '' when there is none or it cannot be decrypted. */
  password: string;
}

export interface TRememberMe {
  /** Switch on at a successful login: keep the username and the encrypted password. */
  save(username: string, password: string): Promise<void>;
  /** Switch off at a successful login: remove the four keys and the key. */
  forget(): Promise<void>;
  /** What the sign-in form prefills; null when nothing is remembered. Never rejects. */
  load(): Promise<TRemembered | null>;
}

const IV_BYTES = 12;
const ALGORITHM = 'AES-GCM';

interface TDeps {
  keyStore: TKeyStore;
  subtle?: SubtleCrypto;
  randomBytes?: (length: number) => Uint8Array<ArrayBuffer>;
  now?: () => number;
}

const encoder = new TextEncoder();

function associatedData(username: string, savedAt: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`ezrecharge-remember-v1|${savedAt}|${username}`);
}

export function createRememberMe({
  keyStore,
  subtle = globalThis.crypto.subtle,
  randomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
  now = Date.now,
}: TDeps): TRememberMe {
  async function keyForSaving(): Promise<CryptoKey> {
    const existing = await keyStore.get();
    if (existing) return existing;
    const key = await subtle.generateKey({ name: ALGORITHM, length: 256 }, false, ['encrypt', 'decrypt']);
    await keyStore.put(key);
    return key;
  }

  function removeKeys(): void {
    removeLocal(STORAGE_KEYS.rememberUsername);
    removeLocal(STORAGE_KEYS.rememberPassword);
    removeLocal(STORAGE_KEYS.rememberCheckbox);
    removeLocal(STORAGE_KEYS.loginTimestamp);
  }

  async function decrypt(stored: string, username: string, savedAt: string): Promise<string> {
    const { base64ToBytes } = await wireCrypto();
    const bytes = base64ToBytes(stored);
    const key = await keyStore.get();
    if (!bytes || bytes.length <= IV_BYTES || !key) return '';
    const plain = await subtle.decrypt(
      {
        name: ALGORITHM,
        iv: bytes.slice(0, IV_BYTES),
        additionalData: associatedData(username, savedAt),
      },
      key,
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  }

  return {
    async save(username, password) {
      const savedAt = String(now());
      try {
        const key = await keyForSaving();
        const iv = randomBytes(IV_BYTES);
        const sealed = new Uint8Array(
          await subtle.encrypt(
            { name: ALGORITHM, iv, additionalData: associatedData(username, savedAt) },
            key,
            encoder.encode(password),
          ),
        );
        const out = new Uint8Array(iv.length + sealed.length);
        out.set(iv);
        out.set(sealed, iv.length);
        const { bytesToBase64 } = await wireCrypto();
        writeLocal(STORAGE_KEYS.rememberPassword, bytesToBase64(out));
      } catch {
        // No IndexedDB or WebCrypto (private mode, old browser): remember the username only.
        removeLocal(STORAGE_KEYS.rememberPassword);
      }
      writeLocal(STORAGE_KEYS.rememberUsername, username);
      writeLocal(STORAGE_KEYS.rememberCheckbox, 'true');
      writeLocal(STORAGE_KEYS.loginTimestamp, savedAt);
    },

    async forget() {
      removeKeys();
      try {
        await keyStore.delete();
      } catch {
        // Nothing to delete, or no IndexedDB: the ciphertext is gone anyway.
      }
    },

    async load() {
      if (readLocal(STORAGE_KEYS.rememberCheckbox) !== 'true') return null;
      const username = readLocal(STORAGE_KEYS.rememberUsername) ?? '';
      const stored = readLocal(STORAGE_KEYS.rememberPassword);
      const savedAt = readLocal(STORAGE_KEYS.loginTimestamp) ?? '';
      let password = '';
      if (stored) {
        try {
          password = await decrypt(stored, username, savedAt);
        } catch {
          // SPEC.md §4: if decryption fails the password stays empty.
          password = '';
        }
      }
      return { username, password };
    },
  };
}

const DB_NAME = 'ezrecharge';
const DB_STORE = 'keys';
const KEY_ID = 'remember-me';

function request<T>(open: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = open();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(DB_STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDatabase();
  try {
    return await request(() => run(db.transaction(DB_STORE, mode).objectStore(DB_STORE)));
  } finally {
    db.close();
  }
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

/** The browser's key store: one CryptoKey object in IndexedDB (structured clone keeps it non-extractable). */
export const indexedDbKeyStore: TKeyStore = {
  async get() {
    const value: unknown = await withStore('readonly', (store) => store.get(KEY_ID));
    return isCryptoKey(value) ? value : undefined;
  },
  async put(key) {
    await withStore('readwrite', (store) => store.put(key, KEY_ID));
  },
  async delete() {
    await withStore('readwrite', (store) => store.delete(KEY_ID));
  },
};

let browserRememberMe: TRememberMe | null = null;

/** The remember-me of this browser (created on first use, so that tests and servers never touch IndexedDB). */
export function rememberMe(): TRememberMe {
  browserRememberMe ??= createRememberMe({ keyStore: indexedDbKeyStore });
  return browserRememberMe;
}

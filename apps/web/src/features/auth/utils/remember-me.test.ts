import { afterEach, describe, expect, it } from 'vitest';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage';
import { createRememberMe, type TKeyStore } from './remember-me';

/** An in-memory stand-in for IndexedDB (jsdom has none); WebCrypto is Node's, as in a browser. */
function memoryKeyStore(): TKeyStore & { key: CryptoKey | undefined } {
  const store = {
    key: undefined as CryptoKey | undefined,
    get: async () => store.key,
    put: async (key: CryptoKey) => {
      store.key = key;
    },
    delete: async () => {
      store.key = undefined;
    },
  };
  return store;
}

afterEach(() => window.localStorage.clear());

describe('remember-me', () => {
  it('saves the username, an encrypted password, the flag and the time, and gives them back', async () => {
    const keyStore = memoryKeyStore();
    const remember = createRememberMe({ keyStore, now: () => 1_700_000_000_000 });

    await remember.save('alice01', 's3cret pass');

    expect(readLocal(STORAGE_KEYS.rememberUsername)).toBe('alice01');
    expect(readLocal(STORAGE_KEYS.rememberCheckbox)).toBe('true');
    expect(readLocal(STORAGE_KEYS.loginTimestamp)).toBe('1700000000000');
    const stored = readLocal(STORAGE_KEYS.rememberPassword) ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('s3cret');
    expect(atob(stored)).not.toContain('s3cret');
    expect(await remember.load()).toEqual({ username: 'alice01', password: 's3cret pass' });
  });

  it('keeps the key non-extractable, in the key store only', async () => {
    const keyStore = memoryKeyStore();
    await createRememberMe({ keyStore }).save('alice01', 'pw-123456');

    expect(keyStore.key?.extractable).toBe(false);
    expect(keyStore.key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    const everything = Object.values({ ...window.localStorage }).join('|');
    expect(everything).not.toContain('pw-123456');
  });

  it('encrypts the same password differently each time (fresh IV)', async () => {
    const remember = createRememberMe({ keyStore: memoryKeyStore(), now: () => 1 });
    await remember.save('alice01', 'same');
    const first = readLocal(STORAGE_KEYS.rememberPassword);
    await remember.save('alice01', 'same');
    expect(readLocal(STORAGE_KEYS.rememberPassword)).not.toBe(first);
  });

  it('forget removes all four keys and the key itself', async () => {
    const keyStore = memoryKeyStore();
    const remember = createRememberMe({ keyStore });
    await remember.save('alice01', 'pw-123456');

    await remember.forget();

    for (const key of [
      STORAGE_KEYS.rememberUsername,
      STORAGE_KEYS.rememberPassword,
      STORAGE_KEYS.rememberCheckbox,
      STORAGE_KEYS.loginTimestamp,
    ]) {
      expect(readLocal(key), key).toBeNull();
    }
    expect(keyStore.key).toBeUndefined();
    expect(await remember.load()).toBeNull();
  });

  it('prefills nothing when the switch was off', async () => {
    writeLocal(STORAGE_KEYS.rememberUsername, 'alice01');
    expect(await createRememberMe({ keyStore: memoryKeyStore() }).load()).toBeNull();
  });

  it('leaves the password empty when the key is gone (another browser, site data cleared)', async () => {
    const keyStore = memoryKeyStore();
    const remember = createRememberMe({ keyStore });
    await remember.save('alice01', 'pw-123456');
    keyStore.key = undefined;

    expect(await remember.load()).toEqual({ username: 'alice01', password: '' });
  });

  it('leaves the password empty when a different key is in the store', async () => {
    const keyStore = memoryKeyStore();
    await createRememberMe({ keyStore }).save('alice01', 'pw-123456');
    keyStore.key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);

    expect(await createRememberMe({ keyStore }).load()).toEqual({ username: 'alice01', password: '' });
  });

  it.each([
    [
      'a tampered ciphertext',
      STORAGE_KEYS.rememberPassword,
      (v: string) => `${v.startsWith('A') ? 'B' : 'A'}${v.slice(1)}`,
    ],
    ['garbage instead of base64', STORAGE_KEYS.rememberPassword, () => '%%%not base64%%%'],
    ['an edited username', STORAGE_KEYS.rememberUsername, () => 'mallory'],
    ['an edited timestamp', STORAGE_KEYS.loginTimestamp, () => '42'],
  ])('leaves the password empty after %s', async (_what, key, edit) => {
    const keyStore = memoryKeyStore();
    const remember = createRememberMe({ keyStore });
    await remember.save('alice01', 'pw-123456');
    writeLocal(key, edit(readLocal(key) ?? ''));

    const loaded = await remember.load();
    expect(loaded?.password).toBe('');
  });

  it('remembers the username only when the key store fails', async () => {
    const broken: TKeyStore = {
      get: () => Promise.reject(new Error('no IndexedDB')),
      put: () => Promise.reject(new Error('no IndexedDB')),
      delete: () => Promise.reject(new Error('no IndexedDB')),
    };
    const remember = createRememberMe({ keyStore: broken });

    await remember.save('alice01', 'pw-123456');

    expect(readLocal(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(await remember.load()).toEqual({ username: 'alice01', password: '' });
    await expect(remember.forget()).resolves.toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage';
import {
  clearRechargeDraft,
  DRAFT_TTL_MS,
  HANDOFF_DRAFT_TTL_MS,
  readRechargeDraft,
  saveRechargeDraft,
  type TRechargeDraft,
} from './recharge-draft';

const DRAFT: TRechargeDraft = {
  product_id: 4,
  pay_currency: 'MYR',
  price_id: 31,
  quantity: 3,
  game_id: 'Star88',
  email: 'buyer@example.com',
};

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the recharge entries kept across the language reload', () => {
  it('are kept in this tab’s session storage only, and read back until cleared', () => {
    saveRechargeDraft(DRAFT, 1_000);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.rechargeDraft)).not.toBeNull();
    expect(readRechargeDraft(2_000)).toEqual(DRAFT);
    clearRechargeDraft();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.rechargeDraft)).toBeNull();
    expect(readRechargeDraft(2_000)).toBeUndefined();
  });

  it('are ignored once older than a reload takes, or when saved by a later clock', () => {
    saveRechargeDraft(DRAFT, 1_000);
    expect(readRechargeDraft(1_000 + DRAFT_TTL_MS - 1)).toEqual(DRAFT);
    expect(readRechargeDraft(1_000 + DRAFT_TTL_MS)).toBeUndefined();
    expect(readRechargeDraft(999)).toBeUndefined();
  });

  it('kept on leaving for the payment page last 30 minutes, never longer than that however stored', () => {
    saveRechargeDraft(DRAFT, 1_000, HANDOFF_DRAFT_TTL_MS);
    expect(readRechargeDraft(1_000 + DRAFT_TTL_MS + 1)).toEqual(DRAFT);
    expect(readRechargeDraft(1_000 + HANDOFF_DRAFT_TTL_MS - 1)).toEqual(DRAFT);
    expect(readRechargeDraft(1_000 + HANDOFF_DRAFT_TTL_MS)).toBeUndefined();
    const forever = JSON.stringify({ savedAt: 1_000, ttl: 10 * HANDOFF_DRAFT_TTL_MS, values: DRAFT });
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.rechargeDraft, forever);
    expect(readRechargeDraft(1_000 + DRAFT_TTL_MS)).toBeUndefined();
  });

  it('are ignored when they do not read as a draft', () => {
    const good = { quantity: 2, game_id: 'Star', email: 'a@example.com' };
    for (const raw of [
      'not json',
      '{}',
      'null',
      JSON.stringify({ savedAt: 1, values: { game_id: 5 } }),
      JSON.stringify({ savedAt: '1', values: good }),
      JSON.stringify({ savedAt: 1, values: { ...good, pay_currency: 'XXX' } }),
      JSON.stringify({ savedAt: 1, values: { ...good, price_id: -3 } }),
      JSON.stringify({ savedAt: 1, values: { ...good, product_id: 1.5 } }),
      JSON.stringify({ savedAt: 1, values: { ...good, quantity: '2' } }),
      JSON.stringify({ savedAt: 1, values: { ...good, promo_code: 'X'.repeat(65) } }),
    ]) {
      window.sessionStorage.setItem(SESSION_STORAGE_KEYS.rechargeDraft, raw);
      expect(readRechargeDraft(2), raw).toBeUndefined();
    }
  });

  it('keep an unfinished form as it is (no pack, no quantity yet)', () => {
    const unfinished: TRechargeDraft = { quantity: null, game_id: 'ID: Star', email: '' };
    saveRechargeDraft(unfinished, 5);
    expect(readRechargeDraft(6)).toEqual(unfinished);
  });
});

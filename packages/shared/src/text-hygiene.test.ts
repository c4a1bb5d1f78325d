import { describe, expect, it } from 'vitest';
import { findUnsafeText, isUnsafeText } from './text-hygiene';

describe('unsafe text', () => {
  it('is U+0000 or a surrogate without its pair', () => {
    for (const bad of ['a\u0000b', '\u0000', '\ud800', 'x\udfff', '\udc00\ud800', 'ok\ud83d'])
      expect(isUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'Star88', '你好，世界', '😀 emoji', 'tab\tnew\nline', '\u0001', 'ID: 123'])
      expect(isUnsafeText(good), JSON.stringify(good)).toBe(false);
  });

  it('is found in nested values and keys, with its path, first in document order', () => {
    expect(findUnsafeText({ name: 'a', items: [{ t: 'ok' }, { t: 'b\u0000' }] })).toBe('items.1.t');
    expect(findUnsafeText({ a: '\ud800', b: '\u0000' })).toBe('a');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'fine'] })).toBeUndefined();
    expect(findUnsafeText(new Uint8Array([0]))).toBeUndefined();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.split('.')).toHaveLength(100_000);
  });
});

import { describe, expect, it } from 'vitest';
import { isOrderNoteJson, ORDER_NOTES, orderNote, orderNoteText } from './order-notes';

describe('order notes (issue #32)', () => {
  it('fill their English text with their values, notes inside notes too', () => {
    expect(orderNoteText(orderNote('precheck_ok'))).toBe('precheck ok');
    expect(orderNoteText(orderNote('fiuu_report', { endpoint: 'notify', status: '00' }))).toBe(
      'fiuu notify 00',
    );
    const reason = orderNote('bigo_answer', { meaning: orderNote('bigo_7212004'), rescode: 7212004 });
    expect(orderNoteText(orderNote('bigo_refused_delivery', { reason }))).toBe(
      'BIGO refused the delivery: This BIGO ID does not exist (BIGO 7212004)',
    );
  });

  it('check the values a key takes', () => {
    // @ts-expect-error: fiuu_report names endpoint and status.
    orderNote('fiuu_report', { endpoint: 'notify' });
    // @ts-expect-error: precheck_ok takes no values.
    orderNote('precheck_ok', { status: '00' });
    expect(orderNote('admin_retry', { reason: 'checked' })).toEqual({
      key: 'admin_retry',
      values: { reason: 'checked' },
    });
  });

  it('read stored notes by shape, and show a key they do not know as itself', () => {
    expect(isOrderNoteJson({ key: 'precheck_ok' })).toBe(true);
    expect(isOrderNoteJson({ key: 'x', values: { a: { key: 'y' } } })).toBe(true);
    expect(isOrderNoteJson('precheck ok')).toBe(false);
    expect(isOrderNoteJson({ key: 'x', values: { a: [1] } })).toBe(false);
    expect(orderNoteText({ key: 'retired_key' })).toBe('retired_key');
    expect(orderNoteText({ key: 'text', values: { text: 'Fiuu: {odd} words' } })).toBe('Fiuu: {odd} words');
  });

  it('name their values with words only', () => {
    for (const [key, text] of Object.entries(ORDER_NOTES)) {
      for (const [, name] of text.matchAll(/\{([^}]*)\}/g)) expect(name, key).toMatch(/^\w+$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { billDesc, billTo, parseQueryAnswer } from './fiuu-client';

describe('fiuu client helpers', () => {
  it('reads a status query answer as JSON or as plain Key: Value lines', () => {
    expect(parseQueryAnswer('{"StatCode":"00","Amount":"27.60","TranID":123}')).toEqual({
      StatCode: '00',
      Amount: '27.60',
      TranID: '123',
    });
    expect(parseQueryAnswer('StatCode: 22\nAmount = 1.00\r\nStatName: pending\n')).toEqual({
      StatCode: '22',
      Amount: '1.00',
      StatName: 'pending',
    });
    expect(parseQueryAnswer('{not json')).toEqual({});
    expect(parseQueryAnswer('')).toEqual({});
  });

  it('bills every buyer as a guest checkout (no phone number is held), a visitor as "guest"', () => {
    expect(billTo({ email: 'jane.doe@example.com', registered: false })).toEqual({
      bill_name: 'guest',
      bill_email: 'jane.doe@example.com',
      bill_mobile: '',
      guest_checkout: '1',
    });
    expect(billTo({ email: 'jane.doe@example.com', registered: true })).toMatchObject({
      bill_name: 'jane.doe',
      guest_checkout: '1',
    });
    expect(billTo({ email: '@example.com', registered: true }).bill_name).toBe('guest');
  });

  it('describes the purchase', () => {
    expect(billDesc({ amountGame: 1000, gameId: 'bigo_1' })).toBe('1000 BIGO LIVE diamonds for ID bigo_1');
  });
});

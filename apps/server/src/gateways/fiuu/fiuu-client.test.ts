import { describe, expect, it } from 'vitest';
import { billDesc, billName, parseQueryAnswer } from './fiuu-client';

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

  it('names the buyer by the local part of the e-mail', () => {
    expect(billName('jane.doe@example.com')).toBe('jane.doe');
    expect(billName('@example.com')).toBe('EzRecharge buyer');
  });

  it('describes the purchase', () => {
    expect(billDesc({ amountGame: 1000, gameId: 'bigo_1' })).toBe('1000 BIGO LIVE diamonds for ID bigo_1');
  });
});

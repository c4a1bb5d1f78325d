import { ORDER_NOTES, orderNoteText } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import {
  BIGO_DENIED_HTTP,
  BIGO_RESCODES,
  type BigoPrecheckKind,
  type BigoRechargeKind,
  bigoDeniedHttp,
  bigoDeniedHttpReason,
  bigoReason,
  bigoReasonNote,
  bigoRescode,
} from './bigo-rescodes';

/** DESIGN.md §8, with what each call must do about each code. */
const EXPECTED: [number, BigoPrecheckKind, BigoRechargeKind][] = [
  [0, 'ok', 'delivered'],
  [400001, 'rejected', 'failed'],
  [7212001, 'denied', 'denied'],
  [7212002, 'denied', 'denied'],
  [7212003, 'denied', 'denied'],
  [7212004, 'rejected', 'failed'],
  [7212005, 'rejected', 'failed'],
  [7212006, 'denied', 'denied'],
  [7212008, 'rejected', 'failed'],
  [7212009, 'unavailable', 'failed'],
  [7212010, 'unavailable', 'duplicate'],
  [7212011, 'unavailable', 'failed'],
  [7212012, 'unavailable', 'retry'],
  [500001, 'unavailable', 'retry'],
];

describe('BIGO rescodes', () => {
  it.each(EXPECTED)('%i: precheck %s, recharge %s', (code, precheck, recharge) => {
    expect(bigoRescode(code)).toMatchObject({ precheck, recharge });
  });

  it('covers exactly the documented codes', () => {
    expect(Object.keys(BIGO_RESCODES).map(Number).sort()).toEqual(EXPECTED.map(([c]) => c).sort());
  });

  it('treats an unknown code as "ask again later", which a unique bu_orderid makes safe', () => {
    expect(bigoRescode(7299999)).toMatchObject({ precheck: 'unavailable', recharge: 'retry' });
    expect(bigoRescode(-1)).toMatchObject({ precheck: 'unavailable', recharge: 'retry' });
  });

  it('tells the operator what to check for every refusal of our access, and only for those', () => {
    for (const [code, info] of Object.entries(BIGO_RESCODES)) {
      expect(info.precheck === 'denied', code).toBe(info.recharge === 'denied');
      if (info.recharge === 'denied') expect(info.check, code).toBeTruthy();
      else expect(info.check, code).toBeUndefined();
    }
    expect(bigoRescode(7212003).check).toMatch(/IP allow-list/);
    expect(bigoRescode(7212006).check).toMatch(/BIGO_RESELLER_ID/);
  });

  it('takes HTTP 401 and 403 as BIGO refusing our credentials; other HTTP errors stay "no answer"', () => {
    expect(bigoDeniedHttp(401)).toMatchObject({ precheck: 'denied', recharge: 'denied' });
    expect(bigoDeniedHttp(401)?.check).toMatch(/BIGO_PRIVATE_KEY/);
    expect(bigoDeniedHttp(403)).toMatchObject({ precheck: 'denied', recharge: 'denied' });
    for (const status of [400, 405, 408, 500, 502, 503]) expect(bigoDeniedHttp(status)).toBeUndefined();
    expect(bigoDeniedHttpReason(401, 'signature verification failed')).toBe(
      'BIGO did not accept our credentials (HTTP 401: signature verification failed)',
    );
    expect(bigoDeniedHttpReason(403, undefined)).toBe('BIGO refused our access (HTTP 403)');
  });

  it('explains a code in English and keeps BIGO own message after it, shortened', () => {
    expect(bigoReason(7212004, 'user not found')).toBe(
      'This BIGO ID does not exist (BIGO 7212004: user not found)',
    );
    expect(bigoReason(7212011, undefined)).toBe(
      "The reseller's diamond balance at BIGO is too low (BIGO 7212011)",
    );
    expect(bigoReason(500001, 'x'.repeat(500)).length).toBeLessThan(300);
  });

  it('say each meaning in the words of the shared order notes, which the console translates (issue #32)', () => {
    const notes: Readonly<Record<string, string>> = ORDER_NOTES;
    for (const [code, info] of Object.entries(BIGO_RESCODES))
      expect(notes[`bigo_${code}`], code).toBe(info.meaning);
    for (const [status, info] of Object.entries(BIGO_DENIED_HTTP)) {
      expect(notes[`bigo_http_${status}`], status).toBe(info.meaning);
    }
    expect(notes.bigo_unknown).toBe(bigoRescode(123).meaning);
    expect(bigoReasonNote(7212004, 'user not found')).toEqual({
      key: 'bigo_answer_said',
      values: { meaning: { key: 'bigo_7212004' }, rescode: 7212004, message: 'user not found' },
    });
    expect(bigoReasonNote(123, '')).toEqual({
      key: 'bigo_answer',
      values: { meaning: { key: 'bigo_unknown' }, rescode: 123 },
    });
    expect(orderNoteText(bigoReasonNote(7212011, undefined))).toBe(bigoReason(7212011, undefined));
  });
});

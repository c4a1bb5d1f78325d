import { describe, expect, it } from 'vitest';
import { callAnswer, callSent, previousCallLost } from './recharge-record';

const SEQID = 'mk4x1a2b3c4d5e6f7a8b';

describe('the record of rs_recharge calls', () => {
  it('marks a call with no definite answer as one that may have delivered, and only such a call', () => {
    for (const reason of ['BIGO did not answer within 15000 ms', 'BIGO answered HTTP 502']) {
      expect(callAnswer({ kind: 'retry', rescode: null, reason }, SEQID)).toEqual({
        recharge: 'unanswered',
        maybe_delivered: true,
        seqid: SEQID,
      });
    }
    // Any rescode is a definite answer, whatever it says.
    expect(callAnswer({ kind: 'retry', rescode: 7212012, reason: 'too frequent' }, SEQID)).toEqual({
      recharge: 'answered',
      seqid: SEQID,
    });
    expect(callAnswer({ kind: 'failed', rescode: 7212011, reason: 'balance' }, SEQID)).toEqual({
      recharge: 'answered',
      seqid: SEQID,
    });
    expect(callAnswer({ kind: 'duplicate', rescode: 7212010, reason: 'used' }, SEQID)).toEqual({
      recharge: 'answered',
      seqid: SEQID,
    });
    expect(callAnswer({ kind: 'delivered', rescode: 0 }, SEQID)).toEqual({
      recharge: 'answered',
      seqid: SEQID,
    });
    // BIGO refusing our credentials (HTTP 401) is a definite answer too: nothing was delivered.
    const denied = {
      kind: 'denied',
      rescode: null,
      httpStatus: 401,
      reason: 'HTTP 401',
      check: 'keys',
    } as const;
    expect(callAnswer(denied, SEQID)).toEqual({ recharge: 'answered', seqid: SEQID });
  });

  it('takes a call still marked "sent" when the next one starts as lost with its worker', () => {
    expect(previousCallLost('sent')).toBe(true);
    for (const mark of ['answered', 'unanswered', 'not_sent', null])
      expect(previousCallLost(mark)).toBe(false);
    expect(callSent(SEQID, true)).toEqual({ recharge: 'sent', maybe_delivered: true, seqid: SEQID });
    expect(callSent(SEQID)).toEqual({ recharge: 'sent', seqid: SEQID });
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fiuuRefundAnswerSignature,
  fiuuRefundQuerySignature,
  fiuuRefundSignature,
  fiuuRefundState,
  sameDigest,
} from './fiuu-protocol';
import { parseRefundAnswer, readRefundStatus } from './fiuu-refund';

const hex = (s: string) => createHash('md5').update(s).digest('hex');
const request = { RefundType: 'P', MerchantID: 'ACME', RefID: 'EZ1R1', TxnID: '25248208', Amount: '27.60' };

describe('fiuu refund signatures', () => {
  it('signs a request as md5(RefundType + MerchantID + RefID + TxnID + Amount + secret_key)', () => {
    expect(fiuuRefundSignature(request, 'top-secret')).toBe(hex('PACMEEZ1R12524820827.60top-secret'));
  });

  it('changes with every signed field, so a forged or edited request does not verify', () => {
    const good = fiuuRefundSignature(request, 'top-secret');
    for (const [key, value] of Object.entries({ RefID: 'EZ1R2', TxnID: '25248209', Amount: '27.61' })) {
      const edited = fiuuRefundSignature({ ...request, [key]: value }, 'top-secret');
      expect(sameDigest(edited, good)).toBe(false);
    }
    expect(sameDigest(fiuuRefundSignature(request, 'guessed-key'), good)).toBe(false);
  });

  it('checks an answer as md5(RefundType + MerchantID + RefID + RefundID + TxnID + Amount + Status + secret_key)', () => {
    expect(fiuuRefundAnswerSignature({ ...request, RefundID: '9001', Status: '22' }, 'top-secret')).toBe(
      hex('PACMEEZ1R190012524820827.6022top-secret'),
    );
  });

  it('signs a status query by RefID with the verify key: md5(RefID + MerchantID + verify_key)', () => {
    expect(fiuuRefundQuerySignature('EZ1R1', 'ACME', 'f5bb0c8de146c67b44babbf4e6584cc0')).toBe(
      hex('EZ1R1ACMEf5bb0c8de146c67b44babbf4e6584cc0'),
    );
  });
});

describe('fiuu refund answers', () => {
  it('reads the refund API codes and the status query words', () => {
    expect(['00', 'success', 'Success'].map(fiuuRefundState)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(['22', 'pending', 'processing'].map(fiuuRefundState)).toEqual(['pending', 'pending', 'pending']);
    expect(['11', 'rejected'].map(fiuuRefundState)).toEqual(['failed', 'failed']);
    expect([undefined, '', '99'].map(fiuuRefundState)).toEqual([null, null, null]);
  });

  it('parses a JSON list or object, and nothing else', () => {
    expect(parseRefundAnswer('[{"RefundID":9001,"Status":"success"}]')).toEqual([
      { RefundID: '9001', Status: 'success' },
    ]);
    expect(parseRefundAnswer('{"error_code":"X","error_desc":"no"}')).toEqual([
      { error_code: 'X', error_desc: 'no' },
    ]);
    expect(parseRefundAnswer('StatCode: 00')).toBeNull();
  });

  it('tells a refund Fiuu holds from one it does not', () => {
    expect(readRefundStatus([{ RefID: 'R1', RefundID: '9', Status: 'success' }], 'R1')).toEqual({
      state: 'succeeded',
      ref: '9',
    });
    expect(
      readRefundStatus([{ RefID: 'R1', RefundID: '9', Status: 'rejected', reason: 'closed card' }], 'R1'),
    ).toEqual({
      state: 'failed',
      ref: '9',
      reason: 'Fiuu rejected the refund: closed card',
    });
    expect(readRefundStatus([{ error_code: 'X', error_desc: 'Refund not found' }], 'R1')).toBe('missing');
    expect(readRefundStatus([], 'R1')).toBe('missing');
    expect(readRefundStatus([{ RefID: 'R2', RefundID: '9', Status: 'success' }], 'R1')).toBe('missing');
    expect(readRefundStatus(null, 'R1')).toBeNull();
    expect(readRefundStatus([{ RefID: 'R1', Status: 'weird' }], 'R1')).toMatchObject({ state: 'unknown' });
  });
});

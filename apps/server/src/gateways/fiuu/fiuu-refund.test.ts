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

  it('tells a refund Fiuu holds from one it says it does not hold (INQ006), and both from no answer', () => {
    expect(readRefundStatus([{ RefID: 'R1', RefundID: '9', Status: 'success' }], 'R1')).toEqual({
      kind: 'found',
      result: { state: 'succeeded', ref: '9' },
    });
    expect(
      readRefundStatus([{ RefID: 'R1', RefundID: '9', Status: 'rejected', reason: 'closed card' }], 'R1'),
    ).toEqual({
      kind: 'found',
      result: { state: 'failed', ref: '9', reason: 'Fiuu rejected the refund: closed card' },
    });
    expect(
      readRefundStatus([{ error_code: 'INQ006', error_desc: 'Unable to find refund transaction.' }], 'R1'),
    ).toEqual({ kind: 'not_found' });
    expect(readRefundStatus([{ RefID: 'R1', Status: 'weird' }], 'R1')).toMatchObject({
      kind: 'found',
      result: { state: 'unknown' },
    });
  });

  it('reads every other answer as none about the refund: busy, refusals, nothing, an empty or foreign list', () => {
    for (const answer of [
      [{ error_code: 'PR015', error_desc: 'Server is busy, try again later.' }],
      [{ error_code: 'INQ005', error_desc: 'Invalid Signature.' }],
      [{ error_code: 'X', error_desc: 'Refund not found' }],
      [],
      [{ RefID: 'R2', RefundID: '9', Status: 'success' }],
      null,
    ]) {
      expect(readRefundStatus(answer, 'R1'), JSON.stringify(answer)).toMatchObject({ kind: 'unclear' });
    }
    expect(readRefundStatus([{ error_code: 'PR015', error_desc: 'Server is busy' }], 'R1')).toEqual({
      kind: 'unclear',
      reason: 'Fiuu refund status inquiry answered PR015 Server is busy',
    });
  });
});

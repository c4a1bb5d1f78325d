import { ZFeedbackInput } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import type { FeedbackRow } from './feedback-repository';
import { contactRow, feedbackRow, handledFilter, toApiFeedback } from './feedback-service';

describe('handledFilter', () => {
  it('maps SPEC.md’s status filter: empty or absent = all, true = resolved, false = pending', () => {
    expect(handledFilter(undefined)).toBeUndefined();
    expect(handledFilter('')).toBeUndefined();
    expect(handledFilter('true')).toBe(true);
    expect(handledFilter('false')).toBe(false);
  });
});

describe('feedbackRow', () => {
  it('keeps every field as typed, markup included, from the feedback form', () => {
    const input = ZFeedbackInput.parse({
      name: '<b>Bo</b>',
      whatapp_id: '+65 1',
      comment: '<script>alert(1)</script>',
    });
    expect(feedbackRow(input, '10.0.0.2')).toEqual({
      source: 'feedback',
      name: '<b>Bo</b>',
      whatappId: '+65 1',
      role: 'streamer',
      email: '',
      bigoId: '',
      comment: '<script>alert(1)</script>',
      ip: '10.0.0.2',
    });
  });
});

describe('contactRow', () => {
  it('joins first and last name and fills the fields the contact form does not ask for', () => {
    expect(
      contactRow(
        { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', comment: 'Hi' },
        '10.0.0.3',
      ),
    ).toEqual({
      source: 'contact',
      name: 'Ada Lovelace',
      whatappId: '',
      role: 'streamer',
      email: 'ada@example.com',
      bigoId: '',
      comment: 'Hi',
      ip: '10.0.0.3',
    });
  });
});

describe('toApiFeedback', () => {
  const row: FeedbackRow = {
    id: 3,
    name: 'N',
    source: 'contact',
    whatappId: '',
    role: 'recruiter',
    email: 'e@example.com',
    bigoId: '',
    comment: 'c',
    deleted: true,
    handledAt: new Date('2026-01-02T00:00:00.000Z'),
    handledBy: 1,
    ip: '10.0.0.4',
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
  };

  it('answers the ZFeedback fields only (no address, no handler), with the form it came from', () => {
    expect(toApiFeedback(row)).toEqual({
      id: 3,
      source: 'contact',
      name: 'N',
      whatapp_id: '',
      role: 'recruiter',
      email: 'e@example.com',
      bigo_id: '',
      comment: 'c',
      created_at: '2026-01-01T00:00:00.000Z',
      deleted: true,
      handled_at: '2026-01-02T00:00:00.000Z',
    });
  });

  it('shows an unknown stored role as the default, so one odd row cannot break the list', () => {
    expect(toApiFeedback({ ...row, role: 'boss' }).role).toBe('streamer');
  });
});

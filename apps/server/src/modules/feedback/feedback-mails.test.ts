import { describe, expect, it } from 'vitest';
import { feedbackNoticeMail } from './feedback-mails';
import type { FeedbackRow } from './feedback-repository';

const row = (extra: Partial<FeedbackRow> = {}): FeedbackRow => ({
  id: 42,
  name: 'Mei Ling',
  source: 'feedback',
  whatappId: '+60 12-345 6789',
  role: 'collaborate',
  email: 'mei@example.com',
  bigoId: 'mei_live',
  comment: 'Can we work together?',
  deleted: false,
  handledAt: null,
  handledBy: null,
  ip: '10.0.0.1',
  createdAt: new Date('2026-11-21T18:03:45.678Z'),
  ...extra,
});

const ADMIN_URL = 'https://shop.example/feedback';

describe('feedbackNoticeMail', () => {
  it('lists every field of the feedback form on its own line, the comment quoted, and the admin link', () => {
    const mail = feedbackNoticeMail(row(), ADMIN_URL, 'Asia/Singapore');
    expect(mail.subject).toBe('EzRecharge: new feedback #42');
    const lines = mail.text.split('\n');
    for (const line of [
      'Feedback #42, received 2026-11-22 02:03 (Singapore Standard Time, GMT+8)',
      'Name:     Mei Ling',
      'WhatsApp: +60 12-345 6789',
      'E-mail:   mei@example.com',
      'BIGO ID:  mei_live',
      'Role:     collaborate',
      '> Can we work together?',
    ]) {
      expect(lines).toContain(line);
    }
    expect(mail.text).toContain('feedback form (Contact us)');
    expect(mail.text).toContain(ADMIN_URL);
    expect(mail.text).not.toContain('10.0.0.1');
  });

  it('shows only the contact form’s fields for a contact message', () => {
    const mail = feedbackNoticeMail(
      row({ source: 'contact', name: 'Ada Lovelace', whatappId: '', bigoId: '', role: 'streamer' }),
      ADMIN_URL,
      'Asia/Singapore',
    );
    expect(mail.subject).toBe('EzRecharge: new contact message #42');
    expect(mail.text).toContain('through the contact form');
    expect(mail.text).toContain('Contact message #42');
    expect(mail.text).not.toMatch(/^(WhatsApp|BIGO ID|Role):/m);
    expect(mail.text.split('\n')).toContain('Name:     Ada Lovelace');
  });

  it('keeps markup as characters and puts no visitor text in the subject', () => {
    const script = '<script>alert(1)</script>';
    const mail = feedbackNoticeMail(
      row({ name: script, whatappId: script, bigoId: script, email: `${script}@x.example`, comment: script }),
      ADMIN_URL,
      'Asia/Singapore',
    );
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        `Name:     ${script}`,
        `WhatsApp: ${script}`,
        `BIGO ID:  ${script}`,
        `E-mail:   ${script}@x.example`,
        `> ${script}`,
      ]),
    );
    expect(mail.subject).not.toContain('<');
    expect(mail).not.toHaveProperty('html');
  });

  it('cannot be given extra lines by line breaks or control characters in a field', () => {
    const mail = feedbackNoticeMail(
      row({
        name: 'Eve\r\nRole:     admin',
        bigoId: 'x\u0007y',
        comment: 'first\nIt is pending until someone handles it\r\nthird',
      }),
      ADMIN_URL,
      'Asia/Singapore',
    );
    const lines = mail.text.split('\n');
    expect(lines).toContain('Name:     Eve  Role:     admin');
    expect(lines).not.toContain('Role:     admin');
    expect(lines).toContain('BIGO ID:  x y');
    expect(lines).toEqual(
      expect.arrayContaining(['> first', '> It is pending until someone handles it', '> third']),
    );
    expect(mail.text).not.toContain('\r');
    expect(mail.text).not.toContain('\u0007');
  });

  it('says (none) for empty optional fields', () => {
    const mail = feedbackNoticeMail(row({ email: '', bigoId: '', comment: '' }), ADMIN_URL, 'Asia/Singapore');
    const lines = mail.text.split('\n');
    expect(lines).toContain('E-mail:   (none)');
    expect(lines).toContain('BIGO ID:  (none)');
    expect(lines).toContain('> (empty)');
  });
});

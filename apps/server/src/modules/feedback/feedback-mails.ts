import { oneLine } from '../../infra/mail-text';
import { shopMinute } from '../../infra/shop-time';
import type { FeedbackRow } from './feedback-repository';

/**
 * The notice the operator (ADMIN_EMAIL) gets for each message of the public forms. Plain text only, no HTML part:
 * whatever a visitor typed (markup included) reaches the mail client as characters, never as a live tag. Single-line
 * fields are flattened to one line and the comment is quoted line by line, so a visitor cannot fake a field or
 * the footer of the notice by typing line breaks. The subject holds no visitor text at all.
 */
export interface MailText {
  subject: string;
  text: string;
}

const SOURCE_LABEL: Record<string, string> = {
  feedback: 'feedback form (Contact us)',
  contact: 'contact form',
};

function orNone(value: string): string {
  return value === '' ? '(none)' : oneLine(value);
}

/** Every line of the comment behind "> ", other control characters as spaces. */
function quoted(value: string): string[] {
  if (value === '') return ['> (empty)'];
  return value.split(/\r\n|\r|\n/).map((line) => `> ${oneLine(line)}`);
}

/** `timeZone`: SHOP_TIME_ZONE; the time is the shop's (infra/shop-time.ts). */
export function feedbackNoticeMail(row: FeedbackRow, adminUrl: string, timeZone: string): MailText {
  // The contact form has no WhatsApp, BIGO ID or role: its notice shows only what that form asks for.
  const isContact = row.source === 'contact';
  const fields: [string, string][] = [['Name', row.name]];
  if (!isContact) fields.push(['WhatsApp', row.whatappId]);
  fields.push(['E-mail', row.email]);
  if (!isContact) fields.push(['BIGO ID', row.bigoId], ['Role', row.role]);
  return {
    subject: `EzRecharge: new ${isContact ? 'contact message' : 'feedback'} #${row.id}`,
    text: [
      `A visitor sent a message through the ${SOURCE_LABEL[row.source] ?? oneLine(row.source)} of EzRecharge.`,
      '',
      `${isContact ? 'Contact message' : 'Feedback'} #${row.id}, received ${shopMinute(row.createdAt, timeZone)}`,
      '',
      ...fields.map(([label, value]) => `${`${label}:`.padEnd(10)}${orNone(value)}`),
      '',
      'Message:',
      ...quoted(row.comment),
      '',
      `It is pending until someone handles it in the admin console: ${adminUrl}`,
      '',
      'The fields above are exactly what the visitor typed; links in them are not checked.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

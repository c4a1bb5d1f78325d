import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** A message from DATA_DIR/outbox, parsed as a mail client would. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return {
        file,
        to,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
      };
    }),
  );
}

/** The newest 6-digit code e-mailed to `email`. */
export async function latestCode(dataDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

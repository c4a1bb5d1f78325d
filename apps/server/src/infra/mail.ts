import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { AppError } from './http';

/**
 * E-mail over SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to DATA_DIR/outbox
 * (the quick start and the tests read codes from there). Either way the message is a real MIME message built by
 * nodemailer, so what lands in the outbox is what an SMTP server would have received.
 */
/**
 * How often a mail job is tried: retries back off to 10 minutes apart, about two hours of an unreachable SMTP
 * server (every job that sends one mail uses it).
 */
export const MAIL_MAX_ATTEMPTS = 20;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Config, outboxDir: string, log: FastifyBaseLogger): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({ from, ...message });
        } catch (err) {
          // The SMTP reply can echo credentials in some setups; log only its code.
          log.error({ code: (err as { code?: string }).code, to: message.to }, 'SMTP delivery failed');
          throw new AppError(
            'service_unavailable',
            'E-mail could not be sent',
            'Please try again in a few minutes',
          );
        }
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

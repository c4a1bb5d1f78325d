import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from './http';
import { createMailer } from './mail';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const message = {
  to: 'buyer@example.com',
  subject: '验证码 / Verification code',
  text: 'Your code is 123456.',
};

describe('mail without SMTP_URL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ezr-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file a mail client can read', async () => {
    const mailer = createMailer(loadConfig({ MAIL_FROM: 'Shop <shop@example.com>' }), dir, silent);
    await mailer.send(message);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(dir, files[0] ?? '')));
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Shop', address: 'shop@example.com' });
    expect(Array.isArray(mail.to) ? '' : mail.to?.text).toBe('buyer@example.com');
    mailer.close();
  });
});

describe('mail over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message to the SMTP server', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), '/nonexistent', silent);
    await mailer.send(message);
    mailer.close();
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0] ?? '');
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
  });

  it('answers a delivery failure as 503, not a crash', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), '/nonexistent', silent);
    const err = await mailer.send(message).catch((e: unknown) => e);
    mailer.close();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
  });
});

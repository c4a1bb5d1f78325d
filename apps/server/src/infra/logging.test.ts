import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrlQuery } from './logging';

describe('request logs', () => {
  it('replace secret query values and keep the rest', () => {
    expect(redactUrlQuery('/api/v1/order/stripe?order_num=AB12&token=s3cr3t')).toBe(
      '/api/v1/order/stripe?order_num=AB12&token=%5Bredacted%5D',
    );
    expect(redactUrlQuery('/api/v1/health')).toBe('/api/v1/health');
  });

  it('never contain the bearer token, cookies or secret query values', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger(true, stream) });
    app.get('/x', async () => 'ok');
    await app.inject({
      method: 'GET',
      url: '/x?captcha_code=123456&page=2',
      headers: { authorization: 'Bearer tok_live_abcdef', cookie: 'access_token=tok_live_abcdef' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('page=2');
    expect(log).not.toContain('tok_live_abcdef');
    expect(log).not.toContain('123456');
  });
});

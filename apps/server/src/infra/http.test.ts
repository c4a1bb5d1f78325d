import { MAX_BODY_BYTES, MESSAGES, MSG } from '@ezrecharge/shared';
import { ZRegister } from '@ezrecharge/shared/schemas/accounts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ok, registerErrorHandler } from './http';

/** The error handler on a real Fastify instance with routes shaped like the app's own. */
describe('the error contract', () => {
  const app = Fastify({ logger: false, bodyLimit: MAX_BODY_BYTES }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post(
      '/things',
      {
        schema: {
          body: z.object({
            username: z.string().min(6, 'Username must be at least 6 characters'),
            captcha_info: z.object({ captcha_code: z.string().length(6, 'Captcha code is 6 digits') }),
          }),
        },
      },
      async (req) => ok({ username: req.body.username }, 'Created'),
    );
    app.post('/register', { schema: { body: ZRegister } }, async () => ok(null, MSG.register_success));
    app.get('/taken', async () => {
      throw AppError.conflict(MSG.username_taken, { username: MSG.username_taken, note: 'Ours alone' });
    });
    app.get('/conflict', async () => {
      throw AppError.conflict('Username is taken', { username: 'Username is taken' });
    });
    app.get('/limited', async () => {
      throw new AppError('rate_limited', 'Too many requests', 'Try again in 60 seconds', undefined, {
        'retry-after': '60',
      });
    });
    app.get('/boom', async () => {
      throw new Error('relation "users" does not exist at character 15');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('wraps success in { message, data }', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { username: 'alice_01', captcha_info: { captcha_code: '123456' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Created', data: { username: 'alice_01' } });
  });

  it('turns schema failures into 400 with the first message per field, nested fields dotted', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { username: 'al', captcha_info: { captcha_code: '1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid input',
      detail: 'username: Username must be at least 6 characters',
      code: 'validation_failed',
      errors: {
        username: 'Username must be at least 6 characters',
        'captcha_info.captcha_code': 'Captcha code is 6 digits',
      },
    });
  });

  it('names the shared message of every field error and message by its key, beside the English text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        username: '',
        email: 'not an email',
        password: 'secret1',
        checkbox_terms: true,
        user_type: 1,
        captcha_info: {
          captcha_code: '123456',
          captcha_api: 'register',
          captcha_type: 'email',
          captcha_value: 'a@b.co',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toMatchObject({
      username: MESSAGES.username_required,
      email: MESSAGES.email_invalid,
    });
    expect(body.error_keys).toMatchObject({ username: 'username_required', email: 'email_invalid' });
    expect(Object.keys(body.error_keys).sort()).toEqual(Object.keys(body.errors).sort());
    for (const [field, key] of Object.entries(body.error_keys)) {
      expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(body.errors[field]);
    }

    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.json()).toEqual({
      message: MESSAGES.username_taken,
      message_key: 'username_taken',
      detail: MESSAGES.username_taken,
      code: 'conflict',
      errors: { username: MESSAGES.username_taken, note: 'Ours alone' },
      error_keys: { username: 'username_taken' },
    });

    const done = await app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        username: 'alice_01',
        email: 'a@b.co',
        password: 'secret1',
        checkbox_terms: true,
        user_type: 1,
        captcha_info: {
          captcha_code: '123456',
          captcha_api: 'register',
          captcha_type: 'email',
          captcha_value: 'a@b.co',
        },
      },
    });
    expect(done.json(), done.body).toEqual({
      message: MESSAGES.register_success,
      message_key: 'register_success',
      data: null,
    });
  });

  it('answers bad JSON 400, wrong content type 415 and an oversized body 413', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_json']);

    const type = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect([type.statusCode, type.json().code]).toEqual([415, 'unsupported_media_type']);

    const big = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect([big.statusCode, big.json().code]).toEqual([413, 'payload_too_large']);
  });

  it('maps AppError to its status, with field errors and headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Username is taken',
      detail: 'Username is taken',
      code: 'conflict',
      errors: { username: 'Username is taken' },
    });
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('never leaks the text of an unexpected error', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Internal Server Error',
      detail: 'Something went wrong on our side',
      code: 'internal_error',
    });
    expect(res.body).not.toContain('relation');
  });
});

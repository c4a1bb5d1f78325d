import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isMessageKey, MESSAGES, messageText } from '../message-texts';
import { MSG } from '../messages';
import { ZChangeMe, ZForgotPassword, ZLoginForm, ZRegister, ZUserCreate, ZUserUpdate } from './accounts';

/** The first message per field, as both the server's error handler and the web's form rules report it. */
function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const validRegister = {
  username: 'alice_01',
  email: 'Alice@Example.com',
  password: 'secret-1',
  user_type: 1,
  checkbox_terms: true,
  captcha_info: {
    captcha_api: 'register',
    captcha_type: 'email',
    captcha_value: 'alice@example.com',
    captcha_code: '123456',
  },
};

describe('account schemas', () => {
  it('accept a valid registration and lower-case the e-mail', () => {
    const parsed = ZRegister.parse(validRegister);
    expect(parsed.email).toBe('alice@example.com');
  });

  it('report SPEC.md messages, the first failing rule per field', () => {
    expect(
      firstErrors(ZRegister, {
        ...validRegister,
        username: '',
        email: 'no at sign',
        password: 'abc',
        checkbox_terms: false,
        captcha_info: { ...validRegister.captcha_info, captcha_code: '' },
      }),
    ).toEqual({
      username: MSG.username_required,
      email: MSG.email_invalid,
      password: MSG.password_length,
      checkbox_terms: MSG.terms_required,
      'captcha_info.captcha_code': MSG.captcha_missing,
    });
    expect(firstErrors(ZRegister, { ...validRegister, email: '' }).email).toBe(MSG.email_required);
    expect(firstErrors(ZRegister, { ...validRegister, username: 'x'.repeat(65) }).username).toBe(
      MSG.username_length,
    );
  });

  it('keep the basic e-mail rule: no spaces, one @, a dot in the domain', () => {
    for (const bad of ['a b@c.de', 'a@@c.de', 'a@cde', 'a@c.', '@c.de']) {
      expect(firstErrors(ZRegister, { ...validRegister, email: bad }).email, bad).toBe(MSG.email_invalid);
    }
  });

  it('use the reset screen wording on forgot_password', () => {
    expect(firstErrors(ZForgotPassword, { email: '', captcha_info: {}, new_password: '' })).toMatchObject({
      email: MSG.reset_email_required,
      new_password: MSG.new_password_required,
    });
    expect(firstErrors(ZForgotPassword, { email: 'x@y' }).email).toBe(MSG.reset_email_invalid);
  });

  it('keep the profile limits: nickname 32 with its message, e-mail 64', () => {
    expect(firstErrors(ZChangeMe, { nickname: 'n'.repeat(33), email: 'a@b.co' }).nickname).toBe(
      MSG.profile_nickname_max,
    );
    expect(firstErrors(ZChangeMe, { nickname: 'n', email: '' }).email).toBe(MSG.profile_email_required);
    expect(firstErrors(ZChangeMe, { nickname: 'n', email: `${'a'.repeat(60)}@b.co` }).email).toBe(
      MSG.email_max_64,
    );
    expect(
      firstErrors(ZChangeMe, { nickname: 'n', email: 'a@b.co', avatar: 'https://evil.example/x.png' }).avatar,
    ).toBeDefined();
  });

  it('need is_superuser and a nickname up to 64 in the users admin', () => {
    expect(
      firstErrors(ZUserCreate, { username: 'bob_01', password: 'secret-1', nickname: '', email: 'b@b.co' }),
    ).toEqual({
      nickname: MSG.nickname_required,
      is_superuser: MSG.is_superuser_required,
    });
    expect(
      firstErrors(ZUserUpdate, { nickname: 'n'.repeat(65), email: 'b@b.co', is_superuser: false }).nickname,
    ).toBe(MSG.nickname_max_64);
  });

  it('need the 14-digit event time on login', () => {
    expect(
      firstErrors(ZLoginForm, { username: 'a', password: 'x', client_secret: '2026' }).client_secret,
    ).toBeDefined();
    expect(firstErrors(ZLoginForm, { username: '', password: '', client_secret: '20260101000000' })).toEqual({
      username: MSG.username_required,
      password: MSG.password_required,
    });
  });

  it('report message keys, each with its English text', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(MSG[key as keyof typeof MSG]).toBe(key);
      expect(isMessageKey(key)).toBe(true);
      expect(messageText(key)).toBe(text);
    }
    expect(isMessageKey('toString')).toBe(false);
    expect(messageText('something else')).toBe('something else');
  });
});

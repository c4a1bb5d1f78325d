import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { ZChangeMe, ZRegister } from '@ezrecharge/shared/schemas/accounts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance, Input } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALE_FILES } from '../test/locale-files';
import { renderInProviders } from '../test/render-app';
import { applyServerErrors, fieldRules, reportFormError, zodRule } from './antd-form-rules';
import { ApiError } from './api-client';
import { errorText, messageTextOf } from './form-rules';
import { setLanguage } from './i18n';

beforeEach(async () => {
  await setLanguage('en');
});

async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => {});
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function badRequest(
  fieldErrors: Record<string, string>,
  message = 'Invalid input',
  keys: { message?: string; fields?: Record<string, string> } = {},
): ApiError {
  return new ApiError({
    kind: 'http',
    status: 400,
    code: 'validation_failed',
    message,
    serverMessage: message,
    messageKey: keys.message,
    fieldErrors,
    fieldErrorKeys: keys.fields,
  });
}

describe('validation namespace', () => {
  it('has exactly the keys of the shared MESSAGES, with their SPEC.md texts in English and a Chinese text', () => {
    const en = LOCALE_FILES['../locales/en/validation.json'];
    const zh = LOCALE_FILES['../locales/zh/validation.json'] ?? {};
    expect(en).toEqual({ ...MESSAGES });
    expect(Object.keys(zh).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const [key, text] of Object.entries(zh)) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      // A Chinese text has Chinese in it (not an English text copied over).
      expect(/\p{Script=Han}/u.test(String(text)), `${key}: ${String(text)}`).toBe(true);
    }
  });
});

describe('zod field rules', () => {
  it('report the first failing check of the shared schema, in the active language', async () => {
    const email = zodRule(ZRegister.shape.email, 'Email');
    expect(await check(email, '')).toBe('Email is a required input');
    expect(await check(email, 'not an email')).toBe('Email is not valid');
    expect(await check(email, 'a@b.co')).toBeNull();

    await setLanguage('zh');
    expect(await check(email, '')).toBe('请输入邮箱');
    expect(await check(email, 'x@y')).toBe('邮箱格式不正确');
  });

  it('say the profile nickname’s real limit (SPEC.md’s "maximum 8" was a slip for 32; issue #32)', async () => {
    const nickname = zodRule(ZChangeMe.shape.nickname, 'Nickname');
    expect(await check(nickname, 'x'.repeat(32))).toBeNull();
    expect(await check(nickname, 'x'.repeat(33))).toBe('Nickname must be at most 32 characters');
  });

  it("fall back to SPEC.md's generic '{field} is not valid.' for a message that is not a shared one", async () => {
    const rule = zodRule(z.string().regex(/^\d+$/, 'digits please'), 'Code');
    expect(await check(rule, 'abc')).toBe('Code is not valid.');
    await setLanguage('zh');
    expect(await check(rule, 'abc')).toBe('Code无效。');
  });

  it('run on blur and change, stop at the first failure and mark required fields', () => {
    const required = fieldRules(ZRegister.shape.username, 'Username');
    expect(required).toMatchObject({
      label: 'Username',
      validateTrigger: ['onBlur', 'onChange'],
      validateFirst: true,
      required: true,
    });
    expect(fieldRules(ZChangeMe.shape.avatar, 'Avatar').required).toBe(false);
  });
});

/** A real antd form with two fields, rendered in the app's providers; hands its instance to the test. */
function renderForm() {
  let instance: FormInstance | null = null;
  function Harness() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} name="t">
        <Form.Item name="email" label="Email" {...fieldRules(ZRegister.shape.email, 'Email')}>
          <Input />
        </Form.Item>
        <Form.Item name="captcha_code" label="Code">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  renderInProviders(<Harness />);
  if (!instance) throw new Error('form not rendered');
  return instance as FormInstance;
}

describe('forms', () => {
  it('validate when a field is left, and again as it changes', async () => {
    renderForm();
    const input = screen.getByLabelText('Email');
    await userEvent.click(input);
    await userEvent.tab();
    expect(await screen.findByText('Email is a required input')).toBeInTheDocument();
    await userEvent.type(input, 'a@b.co');
    await waitFor(() => expect(screen.queryByText('Email is a required input')).not.toBeInTheDocument());
  });

  it('go under their fields, dotted names by their last part, aliases first; the rest is returned', async () => {
    const form = renderForm();
    const unplaced = applyServerErrors(
      form,
      badRequest({
        'captcha_info.captcha_code': 'The verification code is invalid or has expired',
        captcha_value: 'Email is not valid',
        client_secret: 'stale',
      }),
      ['email', 'captcha_code'],
      { captcha_value: 'email' },
    );
    expect(await screen.findByText('The verification code is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(unplaced).toEqual(['stale']);
  });

  it('show errors the server named by key in the active language and the others as sent', async () => {
    await setLanguage('zh');
    const form = renderForm();
    applyServerErrors(
      form,
      badRequest({ email: MESSAGES.email_invalid, captcha_code: MESSAGES.code_invalid }, 'Invalid input', {
        fields: { email: 'email_invalid' },
      }),
      ['email', 'captcha_code'],
    );
    expect(await screen.findByText('邮箱格式不正确')).toBeInTheDocument();
    // Without its key a text is never looked up back: it shows as the server wrote it.
    expect(screen.getByText(MESSAGES.code_invalid)).toBeInTheDocument();
    expect(messageTextOf('code_invalid')).toBe('验证码无效或已过期');
  });

  it('show the message in a popup only when the field errors do not say it all', () => {
    const form = renderForm();
    const popups: string[] = [];
    const popup = (text: string) => popups.push(text);

    reportFormError(form, badRequest({ email: 'Email is not valid' }), popup, { fields: ['email'] });
    reportFormError(form, badRequest({}, 'Incorrect username or password'), popup, { fields: ['email'] });
    reportFormError(form, badRequest({ email: 'x' }, 'Saved nothing'), popup, {
      fields: ['email'],
      alwaysShowMessage: true,
    });
    const toasted = new ApiError({ kind: 'http', status: 409, message: 'Taken', toasted: true });
    reportFormError(form, toasted, popup, { fields: ['email'] });

    expect(popups).toEqual(['Incorrect username or password', 'Saved nothing']);
  });
});

describe('errorText', () => {
  it('shows a keyed message in the active language; other server words in English, elsewhere a text by code', async () => {
    const known = new ApiError({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      message: MESSAGES.bad_credentials,
      serverMessage: MESSAGES.bad_credentials,
      messageKey: 'bad_credentials',
    });
    const unknown = new ApiError({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      message: 'Quota exceeded for this shop',
      serverMessage: 'Quota exceeded for this shop',
    });
    expect(errorText(known)).toBe('Incorrect username or password');
    expect(errorText(unknown)).toBe('Quota exceeded for this shop');
    await setLanguage('zh');
    expect(errorText(known)).toBe('用户名或密码错误');
    expect(errorText(unknown, { bad_request: '配额已用完。' })).toBe('配额已用完。');
    expect(errorText(unknown)).toBe('请求无法被接受。');
    expect(errorText(new Error('boom'))).toBe('未知错误');
  });
});

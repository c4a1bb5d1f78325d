import { MSG } from '@ezrecharge/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { fail, fieldErrors, ok, reply, stubApi, userRecord } from '../../../test/stub-api';

// The first render would otherwise wait for the feature's chunk longer than findBy* waits.
beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const CAPTCHA_SENT = 'The verification code has been sent to your email.';
const CODE_OR_ACCOUNT_SENT =
  'Check your e-mail: we have sent a verification code (or, if this address already has an account, how to sign in).';

async function fillSignUp({ code = '123456', terms = true } = {}) {
  await fill(await screen.findByLabelText('Username'), 'newbie01');
  await fill(screen.getByLabelText('Email'), 'newbie@example.com');
  await fill(screen.getByLabelText('Password'), 'secret-1');
  if (code) await fill(screen.getByLabelText('Verification code'), code);
  if (terms) await userEvent.click(screen.getByRole('switch', { name: /I have read and accept/ }));
}

describe('sign-up', () => {
  it('links the terms (new tab) and sign-in, and shows the side panel', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    const terms = within(screen.getByRole('main')).getByRole('link', { name: /Terms & Conditions/ });
    expect(terms).toHaveAttribute('href', '/terms-conditions');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(
      await screen.findByText('Top up BIGO LIVE diamonds in minutes, any time of day.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/© \d{4} EzRecharge\. All rights reserved\./, { selector: '.auth-card__copyright' }),
    ).toBeInTheDocument();
  });

  it('asks for an e-mail before sending a code', async () => {
    const api = stubApi({});
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'SEND CODE' }));
    expect(
      await screen.findByText('Please enter your email to receive the verification code.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends the code to the e-mail, says so, and counts down 60 seconds before another', async () => {
    const api = stubApi({ 'POST /api/v1/captcha/': () => ok(null, CAPTCHA_SENT) });
    renderApp('/signup');
    await fill(await screen.findByLabelText('Email'), 'newbie@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'SEND CODE' }));

    // The same words whether or not the address already has an account: the server answers both alike.
    expect(await screen.findByText(CODE_OR_ACCOUNT_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/captcha/')[0]?.body).toEqual({
      captcha_api: 'register',
      captcha_type: 'email',
      captcha_value: 'newbie@example.com',
    });
    const countdown = await screen.findByRole('button', { name: /Resend in 60 s$/ });
    expect(countdown).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend in 59 s$/ })).toBeDisabled(), {
      timeout: 2500,
    });
  });

  it('shows a refusal of the address under the e-mail field', async () => {
    stubApi({
      'POST /api/v1/captcha/': () =>
        fail(400, 'Email is not valid', { errors: { captcha_value: 'Email is not valid' } }),
    });
    renderApp('/signup');
    await fill(await screen.findByLabelText('Email'), 'odd@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'SEND CODE' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email').closest('.app-field')).toHaveTextContent('Email is not valid'),
    );
    expect(screen.getByRole('button', { name: /SEND CODE$/ })).toBeEnabled();
  });

  it('on submit needs the code and the accepted terms, with the SPEC.md messages', async () => {
    const api = stubApi({});
    renderApp('/signup');
    await fillSignUp({ code: '', terms: false });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText("Please click 'SEND CODE'. The verification code will be sent to your email."),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please accept the terms and conditions to proceed.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('takes back "Please click \'SEND CODE\'" once the code is sent (issue #32)', async () => {
    stubApi({ 'POST /api/v1/captcha/': () => ok(null, CAPTCHA_SENT) });
    renderApp('/signup');
    await fillSignUp({ code: '', terms: true });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const missing = "Please click 'SEND CODE'. The verification code will be sent to your email.";
    expect(await screen.findByText(missing)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'SEND CODE' }));
    expect(await screen.findByRole('button', { name: /Resend in \d+ s$/ })).toBeDisabled();
    expect(screen.queryByText(missing)).toBeNull();
  });

  it.each([
    ['en', 'SEND CODE', 'Email', 'Too many requests. Please try again in 42 s.'],
    ['zh', '发送验证码', '邮箱', '请求过于频繁，请 42 秒后再试。'],
  ] as const)(
    'a second code asked for too soon says how long to wait (%s; issue #32)',
    async (language, send, email, wait) => {
      await setLanguage(language);
      stubApi({
        'POST /api/v1/captcha/': () => ({
          ...fail(429, 'Too many requests', { code: 'rate_limited' }),
          headers: { 'Retry-After': '42' },
        }),
      });
      renderApp('/signup');
      await fill(await screen.findByLabelText(email), 'newbie@example.com');
      await userEvent.click(screen.getByRole('button', { name: send }));
      expect(await screen.findByText(wait)).toBeInTheDocument();
    },
  );

  it('registers with the SPEC.md payload, confirms and goes to sign-in', async () => {
    const api = stubApi({
      'POST /api/v1/register': () => ok(userRecord({ username: 'newbie01' }), MSG.register_success),
    });
    const { router } = renderApp('/signup');
    await fillSignUp();

    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.callsTo('POST /api/v1/register')[0]?.body).toEqual({
      username: 'newbie01',
      email: 'newbie@example.com',
      password: 'secret-1',
      user_type: 1,
      checkbox_terms: true,
      captcha_info: {
        captcha_api: 'register',
        captcha_type: 'email',
        captcha_value: 'newbie@example.com',
        captcha_code: '123456',
      },
    });
    expect(api.calls[0]?.headers.has('Authorization')).toBe(false);
    expect(await screen.findByText('Registration successful.')).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields", async () => {
    stubApi({
      'POST /api/v1/register': () =>
        reply(400, {
          message: 'The verification code is invalid or has expired',
          detail: 'x',
          code: 'validation_failed',
          ...fieldErrors({ 'captcha_info.captcha_code': MSG.code_invalid }),
        }),
    });
    const { router } = renderApp('/signup');
    await fillSignUp();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Verification code').closest('.app-field')).toHaveTextContent(
        'The verification code is invalid or has expired',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('in Chinese shows the SPEC.md messages translated', async () => {
    await setLanguage('zh');
    stubApi({});
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('请输入邮箱以接收验证码。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请点击“发送验证码”，验证码将发送到您的邮箱。')).toBeInTheDocument();
    expect(await screen.findByText('请先同意条款与条件再继续。')).toBeInTheDocument();
  });
});

describe('password reset', () => {
  async function fillReset(confirm = 'new-pass-1') {
    await fill(await screen.findByLabelText('Email'), 'alice@example.com');
    await fill(screen.getByLabelText('Verification code'), '654321');
    await fill(screen.getByLabelText('New password'), 'new-pass-1');
    await fill(screen.getByLabelText('Confirm password'), confirm);
  }

  it('asks for the e-mail and code with its own SPEC.md messages', async () => {
    stubApi({});
    renderApp('/reset-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Email is required input')).toBeInTheDocument();
    expect(await screen.findByText('Verification code is a required input')).toBeInTheDocument();
    await fill(screen.getByLabelText('Email'), 'nope');
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
  });

  it('sends the code for forget_password', async () => {
    const api = stubApi({
      'POST /api/v1/captcha/': () => ok(null, MSG.code_sent),
    });
    renderApp('/reset-password');
    await fill(await screen.findByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'GET CODE' }));
    expect(await screen.findByText('verification code sent to your mailbox')).toBeInTheDocument();
    expect(api.calls[0]?.body).toMatchObject({
      captcha_api: 'forget_password',
      captcha_value: 'alice@example.com',
    });
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const api = stubApi({});
    renderApp('/reset-password');
    await fillReset('other-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Oops, The New password must equal with Confirm Password!'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sets the new password with the code, confirms and goes to sign-in', async () => {
    const api = stubApi({
      'POST /api/v1/user/forgot_password': () => ok(null, MSG.reset_success),
    });
    const { router } = renderApp('/reset-password');
    await fillReset();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls[0]?.body).toEqual({
      email: 'alice@example.com',
      captcha_info: {
        captcha_api: 'forget_password',
        captcha_type: 'email',
        captcha_value: 'alice@example.com',
        captcha_code: '654321',
      },
      new_password: 'new-pass-1',
    });
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
  });
});

import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { getAccessToken, isSignedIn, readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';
import { fail, fieldErrors, ok, reply, stubApi, userRecord } from '../../../test/stub-api';

beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

const AVATAR_URL = '/api/v1/attachment/download?file_path=avatar/abc.png';

function profileApi(overrides: Record<string, (call: { body: unknown }) => ReturnType<typeof ok>> = {}) {
  return stubApi({
    'GET /api/v1/user/readme/': () => ok(userRecord()),
    'POST /api/v1/user/changeme': (call) =>
      ok(userRecord(typeof call.body === 'object' && call.body !== null ? call.body : {}), MSG.profile_saved),
    'POST /api/v1/attachment/uploadfile/': () => ok({ url: AVATAR_URL }),
    ...overrides,
  });
}

describe('profile tab', () => {
  it("starts from the server's profile", async () => {
    signInAs();
    profileApi();
    renderApp('/profile');
    expect(await screen.findByLabelText('Nickname')).toHaveValue('Alice');
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    // Issue #33: shown, not edited here (a new address needs the password and a code).
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Change password' })).toBeInTheDocument();
  });

  it('saves the nickname with the e-mail as it is, says so and updates the stored user and the top bar', async () => {
    signInAs();
    const api = profileApi();
    renderApp('/profile');
    const nickname = await screen.findByLabelText('Nickname');
    await userEvent.clear(nickname);
    await fill(nickname, 'Alicia');

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/user/changeme')[0]?.body).toEqual({
      nickname: 'Alicia',
      avatar: '',
      email: 'alice@example.com',
    });
    expect(readLocal(STORAGE_KEYS.userEmail)).toBe('alice@example.com');
    expect(JSON.parse(readLocal(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ nickname: 'Alicia' });
    expect(within(screen.getByRole('banner')).getByText('Alicia')).toBeInTheDocument();
  });

  it('checks the SPEC.md profile rules before sending', async () => {
    signInAs();
    const api = profileApi();
    renderApp('/profile');
    const nickname = await screen.findByLabelText('Nickname');
    await userEvent.clear(nickname);
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    await fill(nickname, 'x'.repeat(33));
    expect(await screen.findByText('Nickname must be at most 32 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.callsTo('POST /api/v1/user/changeme')).toEqual([]);
  });

  it('uploads a picked picture and saves its URL; refuses files that are not images', async () => {
    signInAs();
    const api = profileApi();
    renderApp('/profile');
    const picker = await screen.findByLabelText(/^Avatar/);
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');

    await userEvent.upload(picker, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText('Please choose an image file (PNG, JPEG, GIF or WebP).'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/attachment/uploadfile/')).toEqual([]);

    await userEvent.upload(
      picker,
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Profile' })).findByRole('img', {
        name: 'Avatar of Alice',
      }),
    ).toHaveAttribute('src', AVATAR_URL);
    const upload = api.callsTo('POST /api/v1/attachment/uploadfile/')[0];
    expect(upload?.url.search).toBe('?attachment_type=avatar');
    const body = upload?.body;
    if (!(body instanceof FormData)) throw new Error('the upload was not multipart');
    expect(body.get('file')).toMatchObject({ name: 'me.png' });

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/user/changeme')[0]?.body).toMatchObject({ avatar: AVATAR_URL }),
    );
    expect(
      await within(screen.getByRole('banner')).findByRole('img', { name: 'Avatar of Alice' }),
    ).toHaveAttribute('src', AVATAR_URL);

    const panel = within(screen.getByRole('tabpanel', { name: 'Profile' }));
    await userEvent.click(panel.getByRole('button', { name: 'Remove picture' }));
    expect(panel.queryByRole('img', { name: 'Avatar of Alice' })).toBeNull();
    expect(panel.getByText('Choose picture')).toBeInTheDocument();
  });

  it('shows the message and the field errors when saving fails', async () => {
    signInAs();
    profileApi({
      'POST /api/v1/user/changeme': () =>
        fail(400, MSG.email_change_needs_code, { errors: { email: MSG.email_change_needs_code } }),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    const text = 'A new e-mail address needs your password and a code: use Change e-mail';
    await waitFor(() =>
      expect(screen.getByLabelText('Email').closest('.ant-form-item')).toHaveTextContent(text),
    );
    // Under the field, and the message itself in the error popup.
    expect(await screen.findByRole('dialog', { name: text })).toBeInTheDocument();
  });

  it("says 'Oops, something went wrong!' when the profile cannot be loaded", async () => {
    signInAs();
    stubApi({ 'GET /api/v1/user/readme/': () => fail(500, 'Database unavailable') });
    renderApp('/profile');
    expect(
      await screen.findByText('Oops, something went wrong!', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('change-password tab', () => {
  async function openTab() {
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Change password' }));
    return screen.findByLabelText('Old password');
  }

  it('requires all three, 6 to 32 characters, and a matching confirmation (then sends nothing)', async () => {
    signInAs();
    const api = profileApi({ 'POST /api/v1/user/change_password': () => ok(null) });
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is a required input')).toBeInTheDocument();
    expect(await screen.findByText('New password is a required input')).toBeInTheDocument();
    expect(await screen.findByText('Confirm password is a required input')).toBeInTheDocument();

    await fill(screen.getByLabelText('Old password'), 'old');
    expect(await screen.findByText('Password must be 6 to 32 characters')).toBeInTheDocument();
    await fill(screen.getByLabelText('New password'), 'new-pass-1');
    await fill(screen.getByLabelText('Confirm password'), 'new-pass-2');
    expect(
      await screen.findByText('Oops, The New password must equal with Confirm Password!'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(api.callsTo('POST /api/v1/user/change_password')).toEqual([]);
  });

  it('on success signs out here too and asks to sign in with the new password', async () => {
    signInAs();
    writeLocal(STORAGE_KEYS.rememberCheckbox, 'true');
    writeLocal(STORAGE_KEYS.rememberUsername, 'alice01');
    writeLocal(STORAGE_KEYS.rememberPassword, 'old-ciphertext');
    const api = profileApi({
      'POST /api/v1/user/change_password': () => ok(null, MSG.password_changed),
    });
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Change password' }));
    await fill(await screen.findByLabelText('Old password'), 'old-pass-1');
    await fill(screen.getByLabelText('New password'), 'new-pass-1');
    await fill(screen.getByLabelText('Confirm password'), 'new-pass-1');

    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.callsTo('POST /api/v1/user/change_password')[0]?.body).toEqual({
      old_password: 'old-pass-1',
      new_password: 'new-pass-1',
    });
    expect(
      await screen.findByText('Your password has been changed. Please sign in with your new password.'),
    ).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(readLocal(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(readLocal(STORAGE_KEYS.rememberUsername)).toBe('alice01');
  });

  it("shows a wrong old password under its field with 'Oops, something went wrong!'", async () => {
    signInAs();
    profileApi({
      'POST /api/v1/user/change_password': () =>
        reply(400, {
          message: 'Old password is incorrect',
          detail: 'x',
          code: 'validation_failed',
          ...fieldErrors({ old_password: MSG.old_password_wrong }),
        }),
    });
    await openTab();
    await fill(screen.getByLabelText('Old password'), 'wrong-pass');
    await fill(screen.getByLabelText('New password'), 'new-pass-1');
    await fill(screen.getByLabelText('Confirm password'), 'new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Old password').closest('.ant-form-item')).toHaveTextContent(
        'Old password is incorrect',
      ),
    );
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
  });
});

describe('change e-mail address (issue #33)', () => {
  const NEW = 'alicia@example.org';

  function emailApi(overrides: Record<string, (call: { body: unknown }) => ReturnType<typeof ok>> = {}) {
    return profileApi({
      'POST /api/v1/user/change_email/code': () => ok(null, MSG.email_change_code_sent),
      'POST /api/v1/user/change_email': () => ok(userRecord({ email: NEW }), MSG.email_changed),
      ...overrides,
    });
  }

  async function section() {
    renderApp('/profile');
    return within(await screen.findByRole('region', { name: 'Change e-mail address' }));
  }

  it('sends a code to the new address with the password, counts down, then changes the address with the code', async () => {
    signInAs();
    const api = emailApi();
    const part = await section();
    await fill(part.getByLabelText('New e-mail'), NEW);
    await fill(part.getByLabelText('Current password'), 'my-pass-1');
    await userEvent.click(part.getByRole('button', { name: 'Send code to the new address' }));

    // The server's answer, which is the same whether or not the address has an account.
    expect(
      await screen.findByText('If this address can be used, we have e-mailed it a code.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/user/change_email/code')[0]?.body).toEqual({
      new_email: NEW,
      password: 'my-pass-1',
    });
    const resend = part.getByRole('button', { name: /^Resend in \d+ s$/ });
    expect(resend).toBeDisabled();

    await fill(part.getByLabelText('Verification code'), '123456');
    await userEvent.click(part.getByRole('button', { name: 'Change e-mail' }));

    expect(await screen.findByText('Your e-mail address has been changed.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/user/change_email')[0]?.body).toEqual({
      new_email: NEW,
      password: 'my-pass-1',
      code: '123456',
    });
    expect(readLocal(STORAGE_KEYS.userEmail)).toBe(NEW);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(NEW));
    // The form starts again, and so does the code button.
    expect(part.getByLabelText('Current password')).toHaveValue('');
    expect(part.getByRole('button', { name: 'Send code to the new address' })).toBeEnabled();
  });

  it('checks the e-mail and the password before asking for a code', async () => {
    signInAs();
    const api = emailApi();
    const part = await section();
    await userEvent.click(part.getByRole('button', { name: 'Send code to the new address' }));
    expect(await part.findByText('Email is required')).toBeInTheDocument();
    expect(await part.findByText('Password is a required input')).toBeInTheDocument();
    await fill(part.getByLabelText('New e-mail'), 'nope');
    expect(await part.findByText('Invalid email')).toBeInTheDocument();
    await userEvent.click(part.getByRole('button', { name: 'Change e-mail' }));
    expect(await part.findByText('Verification code is a required input')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/user/change_email/code')).toEqual([]);
    expect(api.callsTo('POST /api/v1/user/change_email')).toEqual([]);
  });

  it('puts a wrong password or code under its field', async () => {
    signInAs();
    emailApi({
      'POST /api/v1/user/change_email/code': () =>
        fail(400, MSG.password_wrong, { errors: { password: MSG.password_wrong } }),
      'POST /api/v1/user/change_email': () =>
        fail(400, MSG.code_invalid, { errors: { code: MSG.code_invalid } }),
    });
    const part = await section();
    await fill(part.getByLabelText('New e-mail'), NEW);
    await fill(part.getByLabelText('Current password'), 'not-my-pass');
    await userEvent.click(part.getByRole('button', { name: 'Send code to the new address' }));
    await waitFor(() =>
      expect(part.getByLabelText('Current password').closest('.ant-form-item')).toHaveTextContent(
        'The password is incorrect',
      ),
    );
    // No countdown after a refusal.
    expect(part.getByRole('button', { name: 'Send code to the new address' })).toBeEnabled();

    await fill(part.getByLabelText('Verification code'), '654321');
    await userEvent.click(part.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() =>
      expect(part.getByLabelText('Verification code').closest('.ant-form-item')).toHaveTextContent(
        'The verification code is invalid or has expired',
      ),
    );
    expect(readLocal(STORAGE_KEYS.userEmail)).toBe('alice@example.com');
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh');
    signInAs();
    emailApi();
    renderApp('/profile');
    const part = within(await screen.findByRole('region', { name: '更改邮箱' }));
    expect(part.getByLabelText('新邮箱')).toBeInTheDocument();
    expect(part.getByLabelText('当前密码')).toBeInTheDocument();
    expect(part.getByLabelText('验证码')).toBeInTheDocument();
    await userEvent.click(part.getByRole('button', { name: '向新邮箱发送验证码' }));
    expect(await part.findByText('请输入密码')).toBeInTheDocument();
  });
});

import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSessionUser } from '../../../lib/session';
import { SUPERUSER, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, userRecord } from '../../../test/stub-api';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/EzRecharge:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('two-factor sign-in, for a superuser who has not turned it on', () => {
  setUpConsoleTests({
    load: () => import('..'),
    user: { ...SUPERUSER, two_factor_enabled: false },
    clearCache: true,
  });

  it('is the page the console opens instead of any other, and says why', async () => {
    stubApi({
      'GET /api/v1/user/two-factor': () => ok({ enabled: false, required: true, recovery_codes_left: 0 }),
    });
    const { router } = renderApp('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-factor'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Administrators must turn on two-factor sign-in before using the console. It takes a minute.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the QR code and the secret, turns on with a code and the password, then the recovery codes once', async () => {
    const api = stubApi({
      'GET /api/v1/user/two-factor': () => ok({ enabled: false, required: true, recovery_codes_left: 0 }),
      'POST /api/v1/user/two-factor/setup': () => ok(SETUP),
      'POST /api/v1/user/two-factor/enable': () => ok({ recovery_codes: CODES }, MSG.two_factor_turned_on),
      'GET /api/v1/user/readme/': () => ok(userRecord({ ...SUPERUSER, two_factor_enabled: true })),
    });
    const { router } = renderApp('/two-factor');
    await userEvent.click(await screen.findByRole('button', { name: 'Start set-up' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code to add EzRecharge to your authenticator app',
    });
    expect(qr).toHaveAttribute('src', SETUP.qr_svg);
    expect(screen.getByLabelText('Secret key')).toHaveValue(SETUP.secret);
    await fill(screen.getByLabelText('Code from the app'), '123456');
    await fill(screen.getByLabelText('Current password'), 'admin-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('POST /api/v1/user/two-factor/enable')[0]?.body).toEqual({
      code: '123456',
      password: 'admin-pass',
    });
    // The stored user now opens the console.
    await waitFor(() => expect(readSessionUser()?.two_factor_enabled).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them: continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ezrecharge'));
  });

  it('puts a wrong code under its field', async () => {
    stubApi({
      'GET /api/v1/user/two-factor': () => ok({ enabled: false, required: true, recovery_codes_left: 0 }),
      'POST /api/v1/user/two-factor/setup': () => ok(SETUP),
      'POST /api/v1/user/two-factor/enable': () =>
        fail(400, MSG.two_factor_code_wrong, { errors: { code: MSG.two_factor_code_wrong } }),
    });
    renderApp('/two-factor');
    await userEvent.click(await screen.findByRole('button', { name: 'Start set-up' }));
    await fill(await screen.findByLabelText('Code from the app'), '000000');
    await fill(screen.getByLabelText('Current password'), 'admin-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Code from the app').closest('.ant-form-item')).toHaveTextContent(
        'The code is wrong, has expired or was already used',
      ),
    );
  });
});

describe('two-factor sign-in, for an ordinary user who has it on', () => {
  setUpConsoleTests({
    load: () => import('..'),
    user: { id: 7, username: 'alice01', is_superuser: false, two_factor_enabled: true },
    clearCache: true,
  });

  it('tells how many recovery codes are left and turns off with a code and the password', async () => {
    const api = stubApi({
      'GET /api/v1/user/two-factor': () => ok({ enabled: true, required: false, recovery_codes_left: 7 }),
      'POST /api/v1/user/two-factor/disable': () => ok(null, MSG.two_factor_turned_off),
      'GET /api/v1/user/readme/': () => ok(userRecord({ two_factor_enabled: false })),
    });
    renderApp('/two-factor');
    expect(await screen.findByText('Recovery codes left: 7.')).toBeInTheDocument();
    await fill(screen.getByLabelText('Code from the app or a recovery code'), 'abcde-fghjk');
    await fill(screen.getByLabelText('Current password'), 'my-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/user/two-factor/disable')[0]?.body).toEqual({
      code: 'abcde-fghjk',
      password: 'my-pass-1',
    });
  });
});

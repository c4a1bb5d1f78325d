import { encryptWire, loginContext } from '@ezrecharge/shared';
import { TOTP_PERIOD_S, totpCode, totpStep } from '../../src/modules/auth/totp';
/**
 * A superuser's authenticator app for a server the test reaches over HTTP (another process: its database is out of
 * the test's reach): the first sign-in enrols, later ones get the code of a time step not used before, waiting for
 * the next step when the window has none left (a code works once).
 */
export class HttpAuthenticator {
  private secret: string | null = null;
  private lastStep = -1;

  constructor(
    private readonly username: string,
    private readonly password: string,
  ) {}

  private async post(url: string, path: string, body: object, auth?: string): Promise<Response> {
    return fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    });
  }

  private async nextCode(secret: string): Promise<string> {
    for (;;) {
      const now = totpStep(new Date());
      const step = [now, now + 1].find((s) => s > this.lastStep);
      if (step !== undefined) {
        this.lastStep = step;
        return totpCode(secret, new Date(step * TOTP_PERIOD_S * 1000));
      }
      await new Promise((resolve) =>
        setTimeout(resolve, this.lastStep * TOTP_PERIOD_S * 1000 - Date.now() + 50),
      );
    }
  }

  /** Signs in at `url` with event time `eventtime`; the Authorization header value of a session that passed 2FA. */
  async signIn(url: string, eventtime: string): Promise<string> {
    const password = await encryptWire(this.password, eventtime, loginContext(this.username));
    const res = await fetch(`${url}/api/v1/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: this.username, password, client_secret: eventtime }).toString(),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { access_token?: string; two_factor_token?: string };
    if (answer.access_token !== undefined) {
      const auth = `Bearer ${answer.access_token}`;
      if (this.secret === null) {
        const setup = await this.post(url, '/api/v1/user/two-factor/setup', {}, auth);
        this.secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
        const code = await this.nextCode(this.secret);
        const enabled = await this.post(
          url,
          '/api/v1/user/two-factor/enable',
          { code, password: this.password },
          auth,
        );
        if (enabled.status !== 200) throw new Error(`two-factor enable failed: ${await enabled.text()}`);
      }
      return auth;
    }
    if (this.secret === null)
      throw new Error(`${this.username} has two-factor sign-in on, with a secret unknown here`);
    const done = await this.post(url, '/api/v1/login/two-factor', {
      two_factor_token: answer.two_factor_token,
      code: await this.nextCode(this.secret),
    });
    if (done.status !== 200)
      throw new Error(`two-factor sign-in failed: ${done.status} ${await done.text()}`);
    return `Bearer ${((await done.json()) as { access_token: string }).access_token}`;
  }
}

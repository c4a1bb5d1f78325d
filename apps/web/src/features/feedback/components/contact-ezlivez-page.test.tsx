import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { SITE } from '../../../lib/site';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TReply } from '../../../test/stub-api';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/navigation')>()),
  reloadPage,
}));

beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
});

afterEach(() => {
  setNavigator(null);
  reloadPage.mockReset();
  vi.unstubAllGlobals();
});

const SENT = (): TReply => ok(null, MSG.feedback_sent);

function form() {
  return within(screen.getByRole('region', { name: 'Send us a message' }));
}

async function openPage() {
  renderApp('/contact-ezlivez');
  await screen.findByRole('heading', { level: 1, name: 'Contact EzLivez' });
  return form();
}

describe('Contact us 2 (/contact-ezlivez)', () => {
  it('shows the form with streamer chosen, the address block and the agency hours', async () => {
    stubApi({});
    const f = await openPage();
    for (const label of ['Name', 'BIGO ID', 'WhatsApp', 'Email', 'Message']) {
      expect(f.getByLabelText(label)).toBeInTheDocument();
    }
    const roles = f.getByRole('radiogroup', { name: 'I am a' });
    expect(within(roles).getByRole('radio', { name: 'Streamer' })).toBeChecked();
    expect(within(roles).getByRole('radio', { name: 'Recruiter' })).not.toBeChecked();
    expect(within(roles).getByRole('radio', { name: 'Collaborator' })).not.toBeChecked();

    const address = within(screen.getByRole('region', { name: 'Our office' }));
    expect(address.getByText(SITE.address)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Agency hours' })).toHaveTextContent(
      'Monday to Friday, 08:00 – 22:00',
    );
  });

  it('checks the SPEC.md rules with their messages and sends nothing', async () => {
    const api = stubApi({});
    const f = await openPage();
    await userEvent.click(f.getByRole('button', { name: /Send message/ }));
    expect(await f.findByText('Name is required')).toBeInTheDocument();
    expect(f.getByText('WhatsApp is required')).toBeInTheDocument();
    expect(f.getByText('Please fill the comment field')).toBeInTheDocument();

    await fill(f.getByLabelText('Email'), 'not-an-email');
    expect(await f.findByText('Email is not valid')).toBeInTheDocument();
    await fill(f.getByLabelText('Name'), 'n'.repeat(129));
    expect(await f.findByText('Must be less than 128 characters')).toBeInTheDocument();
    await fill(f.getByLabelText('Message'), 'x'.repeat(251));
    expect(await f.findByText('Your message must be at most 250 characters')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends the message, says so, then reloads the page once the toast has shown', async () => {
    const api = stubApi({ 'POST /api/v1/feedback/': SENT });
    const f = await openPage();
    await fill(f.getByLabelText('Name'), '  Mei Lin ');
    await fill(f.getByLabelText('BIGO ID'), 'meilin88');
    await fill(f.getByLabelText('WhatsApp'), '+60 12-345 6789');
    await fill(f.getByLabelText('Email'), 'mei@example.com');
    await userEvent.click(f.getByRole('radio', { name: 'Recruiter' }));
    await fill(f.getByLabelText('Message'), 'I would like to recruit streamers.');
    await userEvent.click(f.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Your message has been sent successfully.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/feedback/')[0]?.body).toEqual({
      name: 'Mei Lin',
      bigo_id: 'meilin88',
      whatapp_id: '+60 12-345 6789',
      email: 'mei@example.com',
      role: 'recruiter',
      comment: 'I would like to recruit streamers.',
    });
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 4_000 });
    expect(api.callsTo('POST /api/v1/feedback/')).toHaveLength(1);
  });

  it('sends only the required fields with the default role', async () => {
    const api = stubApi({ 'POST /api/v1/feedback/': SENT });
    const f = await openPage();
    await fill(f.getByLabelText('Name'), 'Ahmad');
    await fill(f.getByLabelText('WhatsApp'), '+65 9123 4567');
    await fill(f.getByLabelText('Message'), 'x'.repeat(250));
    await userEvent.click(f.getByRole('button', { name: /Send message/ }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/feedback/')[0]?.body).toEqual({
        name: 'Ahmad',
        bigo_id: '',
        whatapp_id: '+65 9123 4567',
        email: '',
        role: 'streamer',
        comment: 'x'.repeat(250),
      }),
    );
  });

  it('tells a visitor over the limit to wait, keeps the text and does not reload', async () => {
    stubApi({
      'POST /api/v1/feedback/': () => ({
        status: 429,
        body: {
          message: 'Too many requests',
          detail: 'Too many attempts. Please try again in 540 seconds.',
          code: 'rate_limited',
        },
        headers: { 'Retry-After': '540' },
      }),
    });
    const f = await openPage();
    await fill(f.getByLabelText('Name'), 'Ahmad');
    await fill(f.getByLabelText('WhatsApp'), '+65 9123 4567');
    await fill(f.getByLabelText('Message'), 'Hello again');
    await userEvent.click(f.getByRole('button', { name: /Send message/ }));

    // Issue #32: the refusal says how long to wait (Retry-After 540 s).
    expect(await screen.findByText('Too many requests. Please try again in 9 min.')).toBeInTheDocument();
    expect(
      f.getByText(
        'You have sent several messages in the last few minutes. Please wait a while before sending another.',
      ),
    ).toBeInTheDocument();
    expect(f.getByLabelText('Message')).toHaveValue('Hello again');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("puts the server's field errors under their fields", async () => {
    stubApi({
      'POST /api/v1/feedback/': () =>
        fail(400, 'Some fields are not valid.', { errors: { email: MSG.email_invalid } }),
    });
    const f = await openPage();
    await fill(f.getByLabelText('Name'), 'Ahmad');
    await fill(f.getByLabelText('WhatsApp'), '+65 9123 4567');
    await fill(f.getByLabelText('Message'), 'Hello');
    await userEvent.click(f.getByRole('button', { name: /Send message/ }));
    await waitFor(() =>
      expect(f.getByLabelText('Email').closest('.app-field')).toHaveTextContent('Email is not valid'),
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reads and answers in Chinese', async () => {
    await setLanguage('zh');
    const api = stubApi({ 'POST /api/v1/feedback/': SENT });
    renderApp('/contact-ezlivez');
    await screen.findByRole('heading', { level: 1, name: '联系 EzLivez' });
    const f = within(screen.getByRole('region', { name: '给我们留言' }));
    expect(f.getByRole('radio', { name: '主播' })).toBeChecked();
    expect(screen.getByRole('region', { name: '公会服务时间' })).toHaveTextContent(
      '周一至周五 08:00 – 22:00',
    );

    await userEvent.click(f.getByRole('button', { name: /发送留言/ }));
    expect(await f.findByText('请填写留言内容')).toBeInTheDocument();

    await fill(f.getByLabelText('姓名'), '林美');
    await fill(f.getByLabelText('WhatsApp'), '+60 12-345 6789');
    await userEvent.click(f.getByRole('radio', { name: '合作伙伴' }));
    await fill(f.getByLabelText('留言内容'), '<script>window.__xss=1</script> 你好');
    await userEvent.click(f.getByRole('button', { name: /发送留言/ }));

    expect(await screen.findByText('您的留言已成功发送。')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/feedback/')[0]?.body).toMatchObject({
      name: '林美',
      role: 'collaborate',
      comment: '<script>window.__xss=1</script> 你好',
    });
  });
});

describe('the feedback form’s required marks', () => {
  it('are the fields the shared schema refuses empty', async () => {
    const [{ FEEDBACK_REQUIRED }, { ZFeedbackInput }, { isRequired }] = await Promise.all([
      import('./feedback-form'),
      import('@ezrecharge/shared/schemas/support'),
      import('../../../lib/form-rules'),
    ]);
    const shape = ZFeedbackInput.shape;
    const required = (Object.keys(shape) as (keyof typeof shape)[]).filter((name) => isRequired(shape[name]));
    expect([...FEEDBACK_REQUIRED].sort()).toEqual(required.sort());
  });
});

import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { SITE } from '../../../lib/site';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi } from '../../../test/stub-api';

beforeAll(() => Promise.all([import('..'), import('./contact-form')]), 30_000);

beforeEach(async () => {
  await setLanguage('en');
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

async function openPage() {
  renderApp('/contact-ezrecharge');
  await screen.findByRole('heading', { level: 1, name: 'Contact EzRecharge' });
  // The form loads after the page (its own chunk).
  return within(await screen.findByRole('region', { name: 'Send us a message' }));
}

describe('Contact 1 form variant (/contact-ezrecharge)', () => {
  it('sits below the contact cards, which stay as they were', async () => {
    stubApi({});
    const form = await openPage();
    expect(screen.getByRole('link', { name: `Call ${SITE.phone}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      SITE.whatsappChatUrl,
    );
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      expect(form.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('checks the SPEC.md rules with their messages and sends nothing', async () => {
    const api = stubApi({});
    const form = await openPage();
    await userEvent.click(form.getByRole('button', { name: /Send message/ }));
    expect(await form.findByText('First name is required')).toBeInTheDocument();
    expect(form.getByText('Last name is required')).toBeInTheDocument();
    expect(form.getByText('Email is a required input')).toBeInTheDocument();

    await fill(form.getByLabelText('First name'), 'f'.repeat(65));
    expect(await form.findByText('Must be less than 64 characters')).toBeInTheDocument();
    await fill(form.getByLabelText('Email'), 'someone@example');
    expect(await form.findByText('Email is not valid')).toBeInTheDocument();
    await fill(form.getByLabelText('Message'), 'x'.repeat(251));
    expect(await form.findByText('Your message must be at most 250 characters')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends the message to /feedback/contact, says so and empties the form', async () => {
    const api = stubApi({
      'POST /api/v1/feedback/contact': () => ok(null, MSG.feedback_sent),
    });
    const form = await openPage();
    await fill(form.getByLabelText('First name'), 'Ada');
    await fill(form.getByLabelText('Last name'), 'Lovelace');
    await fill(form.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(form.getByRole('button', { name: /Send message/ }));

    expect(await screen.findByText('Your message has been sent successfully.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/feedback/contact')[0]?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      comment: '',
    });
    await waitFor(() => expect(form.getByLabelText('First name')).toHaveValue(''));
    expect(api.calls).toHaveLength(1);
  });

  it("shows the server's field errors under their fields and its other refusals in the error popup", async () => {
    let answer = fail(400, 'Some fields are not valid.', { errors: { email: MSG.email_invalid } });
    stubApi({ 'POST /api/v1/feedback/contact': () => answer });
    const form = await openPage();
    await fill(form.getByLabelText('First name'), 'Ada');
    await fill(form.getByLabelText('Last name'), 'Lovelace');
    await fill(form.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(form.getByRole('button', { name: /Send message/ }));
    await waitFor(() =>
      expect(form.getByLabelText('Email')).toHaveAccessibleDescription(/Email is not valid/),
    );
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Every error found its field: no popup, and what was typed stays.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form.getByLabelText('First name')).toHaveValue('Ada');

    answer = fail(400, 'We could not take your message.');
    await userEvent.click(form.getByRole('button', { name: /Send message/ }));
    expect(await screen.findByRole('dialog', { name: 'We could not take your message.' })).toBeVisible();
  });

  it('says so when too many messages were sent, until the next attempt', async () => {
    stubApi({
      'POST /api/v1/feedback/contact': () => ({
        status: 429,
        body: { message: 'Too many requests', code: 'rate_limited' },
      }),
    });
    const form = await openPage();
    await fill(form.getByLabelText('First name'), 'Ada');
    await fill(form.getByLabelText('Last name'), 'Lovelace');
    await fill(form.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(form.getByRole('button', { name: /Send message/ }));
    expect(
      await form.findByText(/You have sent several messages in the last few minutes/, {
        selector: '[role=alert] *',
      }),
    ).toBeInTheDocument();
    expect(form.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('reads in Chinese', async () => {
    await setLanguage('zh');
    stubApi({});
    renderApp('/contact-ezrecharge');
    const form = within(await screen.findByRole('region', { name: '给我们留言' }));
    await userEvent.click(form.getByRole('button', { name: /发送留言/ }));
    expect(await form.findByText('请输入邮箱')).toBeInTheDocument();
    expect(form.getByLabelText('名')).toBeInTheDocument();
    expect(form.getByLabelText('姓')).toBeInTheDocument();
  });
});

describe('the contact form’s required marks', () => {
  it('are the fields the shared schema refuses empty', async () => {
    const [{ CONTACT_REQUIRED }, { ZContactInput }, { isRequired }] = await Promise.all([
      import('./contact-form'),
      import('@ezrecharge/shared/schemas/support'),
      import('../../../lib/form-rules'),
    ]);
    const shape = ZContactInput.shape;
    const required = (Object.keys(shape) as (keyof typeof shape)[]).filter((name) => isRequired(shape[name]));
    expect([...CONTACT_REQUIRED].sort()).toEqual(required.sort());
  });
});

import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { dialogTitled, rowOf, setUpConsoleTests } from '../../../test/console';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
});

const SCRIPT = '<script>window.__feedbackXss=1</script>';
const LONG = `I run a team of twelve streamers in Johor Bahru and we would like to join the agency. ${'More details follow. '.repeat(6)}`;

function feedback(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    source: 'feedback',
    name: 'Mei Lin',
    whatapp_id: '+60 12-345 6789',
    role: 'recruiter',
    email: 'mei@example.com',
    bigo_id: 'meilin88',
    comment: 'Please call me back.',
    created_at: '2025-03-04T06:05:00.000Z',
    deleted: false,
    handled_at: null,
    ...overrides,
  };
}

const ROWS = [
  feedback(),
  feedback({ id: 12, name: 'Script Kid', role: 'collaborate', comment: SCRIPT, email: '', bigo_id: '' }),
  feedback({
    id: 13,
    source: 'contact',
    name: 'Ada Lovelace',
    whatapp_id: '',
    role: 'streamer',
    bigo_id: '',
    email: 'ada@example.com',
    comment: LONG,
    deleted: true,
    handled_at: '2025-03-05T01:30:00.000Z',
  }),
];

function page(rows: unknown[]) {
  return (call: TRecordedCall) =>
    ok({
      page_data: rows,
      total: 8,
      page: Number(call.url.searchParams.get('page')),
      page_size: Number(call.url.searchParams.get('page_size')),
    });
}

/** A row's handle button, checked for its accessible name (found by text: role queries are slow in jsdom). */
function handleButtonOf(
  name: string,
  label = 'Mark resolved',
  accessible = `Mark the message from ${name} resolved`,
) {
  const button = rowOf(name).getByText(label).closest('button');
  expect(button).toHaveAttribute('aria-label', accessible);
  if (!button) throw new Error(`no handle button for ${name}`);
  return button;
}

describe('feedback list', () => {
  it('shows every column, the form a message came from, Pending or Resolved, 5 per page by default', async () => {
    const api = stubApi({ 'GET /api/v1/feedback/': page(ROWS) });
    renderApp('/feedback');

    expect(await screen.findByText('Mei Lin')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/feedback/')[0]?.url.search).toBe('?page=1&page_size=5');
    const mei = rowOf('Mei Lin');
    for (const text of [
      '+60 12-345 6789',
      'Recruiter',
      'meilin88',
      'mei@example.com',
      'Please call me back.',
    ]) {
      expect(mei.getByText(text)).toBeInTheDocument();
    }
    expect(mei.getByText('Feedback form')).toBeInTheDocument();
    expect(mei.getByText('Pending')).toBeInTheDocument();
    // dayjs in the browser's time zone, the format of the active language
    const received = mei.getByText((_content, node) => node?.tagName === 'TIME');
    expect(received).toHaveAttribute('datetime', '2025-03-04T06:05:00.000Z');
    expect(received.textContent).toMatch(/^\d{1,2} Mar 2025, \d{2}:\d{2}$/);
    expect(handleButtonOf('Mei Lin')).toBeInTheDocument();

    const ada = rowOf('Ada Lovelace');
    expect(ada.getByText('Contact form')).toBeInTheDocument();
    expect(ada.getByText('Resolved')).toBeInTheDocument();
    expect(ada.queryByText('Streamer')).toBeNull();
    expect(ada.queryByText('Mark resolved')).toBeNull();
    expect(screen.getByText('8 items')).toBeInTheDocument();
  });

  it('on a narrow screen shows each message as a card: status and name first, the message in full view', async () => {
    setViewportWide(false);
    stubApi({ 'GET /api/v1/feedback/': page(ROWS) });
    renderApp('/feedback');
    await screen.findByText('Please call me back.');
    expect(document.querySelector('table')).toBeNull();
    const cards = [...document.querySelectorAll<HTMLElement>('.admin-list__card')];
    expect(cards).toHaveLength(ROWS.length);
    const first = cards[0] as HTMLElement;
    expect([...first.querySelectorAll('dt')].map((dt) => dt.textContent).slice(0, 3)).toEqual([
      'Status',
      'Name',
      'Message',
    ]);
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('Please call me back.')).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Mark the message from Mei Lin resolved' }),
    ).toBeInTheDocument();
    // A resolved message has nothing to do: no actions bar.
    expect((cards[2] as HTMLElement).querySelector('.admin-list__card-actions')).toBeNull();
  });

  it('shows a message with markup as literal text', async () => {
    stubApi({ 'GET /api/v1/feedback/': page(ROWS) });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');
    expect(rowOf('Script Kid').getByText(SCRIPT)).toBeInTheDocument();
    expect(document.querySelector('table script')).toBeNull();
    expect(Reflect.get(window, '__feedbackXss')).toBeUndefined();
  });

  it('cuts a long message to two lines with the full text on hover, and expands it', async () => {
    stubApi({ 'GET /api/v1/feedback/': page(ROWS) });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');
    const ada = rowOf('Ada Lovelace');
    const text = ada.getByText(LONG.trim());
    expect(text).toHaveClass('is-clamped');
    expect(text).toHaveAttribute('title', LONG);
    const toggle = ada.getByText('More').closest('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    if (!toggle) throw new Error('no More button');
    await userEvent.click(toggle);
    expect(text).not.toHaveClass('is-clamped');
    expect(toggle).toHaveTextContent('Less');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(rowOf('Mei Lin').queryByText('More')).toBeNull();
  });

  it('filters by status: all, pending (false), resolved (true)', async () => {
    const api = stubApi({ 'GET /api/v1/feedback/': page(ROWS) });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');
    const filters = within(screen.getByRole('search', { name: 'Filter feedback' }));
    expect(filters.getByRole('radio', { name: 'All' })).toBeChecked();

    // antd hides the radio input itself; a visitor clicks its label.
    await userEvent.click(filters.getByText('Pending'));
    await waitFor(() => expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=5&status=false'));
    await userEvent.click(filters.getByText('Resolved'));
    await waitFor(() => expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=5&status=true'));
  });

  it('handles a pending message after confirmation, shows the answer and the row turns Resolved', async () => {
    let handled = false;
    const api = stubApi({
      'GET /api/v1/feedback/': (call) =>
        page(
          handled
            ? [feedback({ deleted: true, handled_at: '2025-03-04T07:00:00.000Z' }), ...ROWS.slice(1)]
            : ROWS,
        )(call),
      'PUT /api/v1/feedback/11/handle': () => {
        handled = true;
        return ok(feedback({ deleted: true, handled_at: '2025-03-04T07:00:00.000Z' }), MSG.feedback_handled);
      },
    });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');

    await userEvent.click(handleButtonOf('Mei Lin'));
    const dialog = await dialogTitled('Mark this message as resolved?');
    expect(
      dialog.getByText('The message from Mei Lin moves to Resolved. This cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, mark resolved' }));

    expect(await screen.findByText('Feedback marked as resolved')).toBeInTheDocument();
    const put = api.callsTo('PUT /api/v1/feedback/11/handle');
    expect(put).toHaveLength(1);
    expect(put[0]?.body).toBeUndefined();
    expect(put[0]?.headers.get('Content-Type')).toBeNull();
    await waitFor(() => expect(rowOf('Mei Lin').getByText('Resolved')).toBeInTheDocument());
    expect(rowOf('Mei Lin').queryByText('Mark resolved')).toBeNull();
  });

  it('says so when the message was handled already, and reloads the list', async () => {
    const api = stubApi({
      'GET /api/v1/feedback/': page(ROWS),
      'PUT /api/v1/feedback/11/handle': () => fail(400, MSG.feedback_already_handled),
    });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');
    const loads = api.callsTo('GET /api/v1/feedback/').length;
    await userEvent.click(handleButtonOf('Mei Lin'));
    await userEvent.click(
      (await dialogTitled('Mark this message as resolved?')).getByRole('button', {
        name: 'Yes, mark resolved',
      }),
    );
    expect(
      await screen.findByText('This feedback has already been handled', {
        selector: '.ant-modal-confirm-title, .app-dialog__title',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/v1/feedback/').length).toBeGreaterThan(loads));
  });

  it('reads in Chinese: roles, forms, status, dates, the confirmation and the answer', async () => {
    await setLanguage('zh');
    stubApi({
      'GET /api/v1/feedback/': page(ROWS),
      'PUT /api/v1/feedback/11/handle': () => ok(feedback({ deleted: true }), MSG.feedback_handled),
    });
    renderApp('/feedback');
    await screen.findByText('Mei Lin');
    const mei = rowOf('Mei Lin');
    expect(mei.getByText('招募人')).toBeInTheDocument();
    expect(mei.getByText('反馈表单')).toBeInTheDocument();
    expect(mei.getByText('待处理')).toBeInTheDocument();
    expect(mei.getByText((_content, node) => node?.tagName === 'TIME').textContent).toMatch(
      /^2025年3月\d{1,2}日 \d{2}:\d{2}$/,
    );
    expect(rowOf('Ada Lovelace').getByText('联系表单')).toBeInTheDocument();
    expect(rowOf('Ada Lovelace').getByText('已处理')).toBeInTheDocument();
    expect(screen.getByText('共 8 条')).toBeInTheDocument();
    await userEvent.click(handleButtonOf('Mei Lin', '标记为已处理', '将 Mei Lin 的留言标记为已处理'));
    const dialog = await dialogTitled('将这条留言标记为已处理？');
    expect(
      dialog.getByText('{{name}} 的留言将移至“已处理”，此操作无法撤销。'.replace('{{name}}', 'Mei Lin')),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: '标记为已处理' }));
    // The server's answer, in Chinese through the shared messages
    expect(await screen.findByText('反馈已标记为已处理')).toBeInTheDocument();
  });
});

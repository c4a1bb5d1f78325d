import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { dialogTitled, rowOf, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
});

const LONG_ERROR = `BIGO not reached: connect ETIMEDOUT 203.0.113.7:443\n${'retry budget exhausted; '.repeat(8)}`;

function job(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    kind: 'receipt-mail',
    payload: { order_num: 'EZ2025060100001' },
    attempts: 20,
    max_attempts: 20,
    last_error: 'connect ECONNREFUSED 127.0.0.1:587',
    created_at: '2025-06-01T04:00:00.000Z',
    updated_at: '2025-06-01T06:10:30.000Z',
    ...overrides,
  };
}

const ROWS = [
  job(),
  job({
    id: 42,
    kind: 'deliver-order',
    payload: { order_num: 'EZ2025060100002' },
    attempts: 12,
    max_attempts: 12,
    last_error: LONG_ERROR,
  }),
  job({ id: 43, kind: 'nightly-report', payload: { day: '2025-06-01', count: 3 }, last_error: null }),
];

function page(rows: unknown[], total = rows.length) {
  return (call: TRecordedCall) =>
    ok({
      page_data: rows,
      total,
      page: Number(call.url.searchParams.get('page')),
      page_size: Number(call.url.searchParams.get('page_size')),
    });
}

describe('failed jobs /jobs', () => {
  it('lists kind, what the job was about, attempts, when it failed and its last error in full', async () => {
    const api = stubApi({ 'GET /api/v1/jobs/dead': page(ROWS, 3) });
    renderApp('/jobs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Failed jobs' })).toBeInTheDocument();
    await screen.findByText('EZ2025060100001');
    expect(api.callsTo('GET /api/v1/jobs/dead')[0]?.url.search).toBe('?page=1&page_size=5');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Kind', 'About', 'Attempts', 'Failed at', 'Last error', 'Actions']);

    const receipt = rowOf('EZ2025060100001');
    expect(receipt.getByText('Receipt e-mail')).toBeInTheDocument();
    expect(receipt.getByText('receipt-mail')).toBeInTheDocument();
    expect(receipt.getByText('order_num')).toBeInTheDocument();
    expect(receipt.getByText('20 of 20')).toBeInTheDocument();
    expect(receipt.getByText('1 Jun 2025, 06:10:30', { exact: false }).closest('time')).toHaveAttribute(
      'datetime',
      '2025-06-01T06:10:30.000Z',
    );
    expect(receipt.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();

    // A long error is all there, line breaks included, in a block that wraps.
    const error = rowOf('EZ2025060100002').getByText(/BIGO not reached/);
    expect(error.tagName).toBe('PRE');
    expect(error.textContent).toBe(LONG_ERROR);
    expect(rowOf('EZ2025060100002').getByText('Diamond delivery')).toBeInTheDocument();

    // A kind this console has no name for shows its code; a payload of several values shows each.
    const unknown = rowOf('nightly-report');
    expect(unknown.getByText('count')).toBeInTheDocument();
    expect(unknown.getByText('3')).toBeInTheDocument();
    expect(unknown.getByText('No error recorded')).toBeInTheDocument();
    expect(screen.getByText('3 jobs')).toBeInTheDocument();
  });

  it('filters by kind, with the kind in the address', async () => {
    const api = stubApi({ 'GET /api/v1/jobs/dead': page(ROWS) });
    const { router } = renderApp('/jobs');
    await screen.findByText('EZ2025060100001');
    const filters = within(screen.getByRole('search', { name: 'Filter failed jobs' }));
    await fill(filters.getByLabelText('Kind'), 'deliver-order');
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=5&kind=deliver-order'));
    expect(router.state.location.search).toBe('?kind=deliver-order');
  });

  it('says so when no job has run out of attempts', async () => {
    stubApi({ 'GET /api/v1/jobs/dead': page([]) });
    renderApp('/jobs');
    expect(await screen.findByText('No job has run out of attempts.')).toBeInTheDocument();
  });

  it('retries a job after confirmation, says so and reloads the list', async () => {
    let retried = false;
    const api = stubApi({
      'GET /api/v1/jobs/dead': (call) => page(retried ? ROWS.slice(1) : ROWS)(call),
      'POST /api/v1/jobs/41/retry': () => {
        retried = true;
        return ok(job({ attempts: 0 }), MSG.job_retried);
      },
    });
    renderApp('/jobs');
    await screen.findByText('EZ2025060100001');

    const button = rowOf('EZ2025060100001').getByText('Retry').closest('button');
    expect(button).toHaveAttribute('aria-label', 'Retry job 41 (Receipt e-mail)');
    if (!button) throw new Error('no retry button');
    await userEvent.click(button);
    const dialog = await dialogTitled('Retry this job?');
    expect(dialog.getByText(/Receipt e-mail \(job 41\) is queued again/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, retry' }));

    expect(await screen.findByText('The job was queued again')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/jobs/41/retry')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('EZ2025060100001')).toBeNull());
  });

  it('cancelling the confirmation retries nothing', async () => {
    const api = stubApi({ 'GET /api/v1/jobs/dead': page(ROWS) });
    renderApp('/jobs');
    await screen.findByText('EZ2025060100001');
    const button = rowOf('EZ2025060100001').getByText('Retry').closest('button');
    if (!button) throw new Error('no retry button');
    await userEvent.click(button);
    await userEvent.click((await dialogTitled('Retry this job?')).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal when someone retried it first, and reloads", async () => {
    const api = stubApi({
      'GET /api/v1/jobs/dead': page(ROWS),
      'POST /api/v1/jobs/42/retry': () => fail(400, MSG.job_not_dead),
    });
    renderApp('/jobs');
    await screen.findByText('EZ2025060100002');
    const loads = api.callsTo('GET /api/v1/jobs/dead').length;
    const button = rowOf('EZ2025060100002').getByText('Retry').closest('button');
    if (!button) throw new Error('no retry button');
    await userEvent.click(button);
    await userEvent.click(
      (await dialogTitled('Retry this job?')).getByRole('button', { name: 'Yes, retry' }),
    );
    expect(await dialogTitled(MESSAGES.job_not_dead)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/v1/jobs/dead').length).toBeGreaterThan(loads));
  });

  it('reads in Chinese', async () => {
    await setLanguage('zh');
    const api = stubApi({
      'GET /api/v1/jobs/dead': page(ROWS),
      'POST /api/v1/jobs/41/retry': () => ok(job({ attempts: 0 }), MSG.job_retried),
    });
    renderApp('/jobs');
    await screen.findByText('EZ2025060100001');
    expect(screen.getByRole('heading', { level: 1, name: '失败任务' })).toBeInTheDocument();
    const receipt = rowOf('EZ2025060100001');
    expect(receipt.getByText('收据邮件')).toBeInTheDocument();
    expect(receipt.getByText('20 / 20')).toBeInTheDocument();
    expect(screen.getByText('共 3 个任务')).toBeInTheDocument();
    const button = receipt.getByText('重试').closest('button');
    if (!button) throw new Error('no retry button');
    await userEvent.click(button);
    await userEvent.click((await dialogTitled('重试此任务？')).getByRole('button', { name: '确定重试' }));
    expect(await screen.findByText('任务已重新排队')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/jobs/41/retry')).toHaveLength(1);
  });
});

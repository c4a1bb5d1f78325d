import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { waitForTableIdle } from '../../../test/antd';
import { dialogTitled, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
});

function faq(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    module_en: 'Recharge',
    module_zh: '充值',
    question_en: 'How long does a recharge take?',
    question_zh: '充值需要多长时间？',
    answer_en: 'Within two minutes after payment.',
    answer_zh: '付款成功后两分钟内到账。',
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

const FAQS = [
  faq(),
  faq({
    id: 5,
    module_en: 'Payment',
    module_zh: '付款',
    question_en: '<script>window.__faqAdminXss=1</script>',
    question_zh: '可以退款吗？',
    answer_en: '<b>No</b>',
    answer_zh: '不可以。',
  }),
];

function page(call: TRecordedCall) {
  const size = Number(call.url.searchParams.get('page_size'));
  const number = Number(call.url.searchParams.get('page'));
  return ok({ page_data: FAQS, total: 12, page: number, page_size: size });
}

/** The row's delete button, checked for its accessible name (found by text: role queries are slow in jsdom). */
function deleteButtonOf(question: string, name = `Delete “${question}”`, label = 'Delete') {
  const button = rowOf(question).getByText(label).closest('button');
  expect(button).toHaveAttribute('aria-label', name);
  if (!button) throw new Error(`no delete button for ${question}`);
  return button;
}

/** The table row holding a text (role queries over a whole antd table are very slow in jsdom). */
function rowOf(text: string) {
  const row = screen
    .getAllByText(text)
    .find((node) => node.closest('tr'))
    ?.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

describe('FAQ admin list', () => {
  it('shows module, question and answer in both languages, 5 per page by default, with an N items total', async () => {
    const api = stubApi({ 'GET /api/v1/faq/': page });
    renderApp('/faq-admin');

    expect(await screen.findByText('How long does a recharge take?')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/faq/')[0]?.url.search).toBe('?page=1&page_size=5');
    const row = rowOf('How long does a recharge take?');
    for (const text of [
      'Recharge',
      '充值',
      '充值需要多长时间？',
      'Within two minutes after payment.',
      '付款成功后两分钟内到账。',
    ]) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    expect(row.getByRole('link', { name: 'Edit “How long does a recharge take?”' })).toHaveAttribute(
      'href',
      '/faq-edit?id=4',
    );
    expect(screen.getByText('12 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add FAQ' })).toHaveAttribute('href', '/faq-add');
  });

  it('shows markup in an entry as literal text', async () => {
    stubApi({ 'GET /api/v1/faq/': page });
    renderApp('/faq-admin');
    const row = rowOf(
      await screen
        .findByText('<script>window.__faqAdminXss=1</script>')
        .then((node) => node.textContent ?? ''),
    );
    expect(row.getByText('<b>No</b>')).toBeInTheDocument();
    expect(document.querySelector('table script, table b')).toBeNull();
    expect(Reflect.get(window, '__faqAdminXss')).toBeUndefined();
  });

  it('filters by module in each language, and pages', async () => {
    const api = stubApi({ 'GET /api/v1/faq/': page });
    renderApp('/faq-admin');
    await screen.findByText('How long does a recharge take?');
    const filters = within(screen.getByRole('search', { name: 'Filter FAQ entries' }));
    await fill(filters.getByLabelText('Module (EN)'), 'Pay');
    await fill(filters.getByLabelText('Module (ZH)'), '付');
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url.search).toBe(
        `?page=1&page_size=5&module_en=Pay&module_zh=${encodeURIComponent('付')}`,
      ),
    );

    await waitForTableIdle();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('2'));

    // Reset empties the filters and goes back to the first page (already loaded, so no new call is needed).
    await userEvent.click(filters.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(filters.getByLabelText('Module (EN)')).toHaveValue(''));
    expect(filters.getByLabelText('Module (ZH)')).toHaveValue('');
    expect(screen.getByRole('listitem', { name: '1' })).toHaveClass('ant-pagination-item-active');
  });

  it('deletes after the SPEC.md confirmation, says the entry was deleted and reloads', async () => {
    const api = stubApi({
      'GET /api/v1/faq/': page,
      'DELETE /api/v1/faq/4': () => ok(null, MSG.faq_deleted),
    });
    renderApp('/faq-admin');
    await screen.findByText('How long does a recharge take?');
    const loads = api.callsTo('GET /api/v1/faq/').length;

    await userEvent.click(deleteButtonOf('How long does a recharge take?'));
    const dialog = await dialogTitled('Are you sure?');
    expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'No, cancel!' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('FAQ entry deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/faq/4')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/v1/faq/').length).toBeGreaterThan(loads));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = stubApi({ 'GET /api/v1/faq/': page });
    renderApp('/faq-admin');
    await screen.findByText('How long does a recharge take?');
    await userEvent.click(deleteButtonOf('How long does a recharge take?'));
    const dialog = await dialogTitled('Are you sure?');
    await userEvent.click(dialog.getByRole('button', { name: 'No, cancel!' }));
    // Only the modal layer is searched: role queries over the whole table are slow in jsdom.
    const layer = document.querySelector('.ant-modal-root');
    if (!(layer instanceof HTMLElement)) throw new Error('no modal layer');
    await waitFor(() => expect(within(layer).queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('in Chinese labels columns, totals and the confirmation', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/faq/': page });
    renderApp('/faq-admin');
    await screen.findByText('How long does a recharge take?');
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '问题' })).toBeInTheDocument();
    await userEvent.click(
      deleteButtonOf('How long does a recharge take?', '删除“How long does a recharge take?”', '删除'),
    );
    const dialog = await dialogTitled('确定要删除吗？');
    expect(dialog.getByRole('button', { name: '是的，删除！' })).toBeInTheDocument();
  });
});

async function fillFaqForm(values: Record<string, string>) {
  for (const [label, text] of Object.entries(values)) await fill(screen.getByLabelText(label), text);
}

const FORM_VALUES = {
  'Module (EN)': 'Account',
  'Question (EN)': 'How do I change my password?',
  'Answer (EN)': 'Open your profile and choose Change password.',
  'Module (ZH)': '账号',
  'Question (ZH)': '如何修改密码？',
  'Answer (ZH)': '打开个人资料，选择修改密码。',
};

describe('add FAQ', () => {
  it('checks the SPEC.md rules with their messages', async () => {
    const api = stubApi({});
    renderApp('/faq-add');
    await userEvent.click(await screen.findByRole('button', { name: 'Add FAQ' }));
    for (const message of [
      'Module-EN is required',
      'Module-ZH is required',
      'Question-EN is required',
      'Question-ZH is required',
      'Answer-EN is required',
      'Answer-ZH is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fill(screen.getByLabelText('Module (EN)'), 'm'.repeat(65));
    expect(await screen.findByText('Module-EN must be less than 64 characters')).toBeInTheDocument();
    await fill(screen.getByLabelText('Question (ZH)'), '问'.repeat(257));
    expect(await screen.findByText('Question-ZH must be less than 256 characters')).toBeInTheDocument();
    await fill(screen.getByLabelText('Answer (EN)'), 'a'.repeat(257));
    expect(await screen.findByText('Answer-EN must be less than 256 characters')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('adds the entry with the six fields, says FAQ Add Successfully! and returns to the list', async () => {
    const api = stubApi({
      'POST /api/v1/faq/': () => ok(faq({ id: 9 }), MSG.faq_saved),
      'GET /api/v1/faq/': page,
    });
    const { router } = renderApp('/faq-add');
    await screen.findByLabelText('Module (EN)');
    await fillFaqForm({ ...FORM_VALUES, 'Module (EN)': '  Account ' });
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq-admin'));
    expect(api.callsTo('POST /api/v1/faq/')[0]?.body).toEqual({
      module_en: 'Account',
      module_zh: '账号',
      question_en: 'How do I change my password?',
      question_zh: '如何修改密码？',
      answer_en: 'Open your profile and choose Change password.',
      answer_zh: '打开个人资料，选择修改密码。',
    });
    expect(await screen.findByText('FAQ Add Successfully!')).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields", async () => {
    stubApi({
      'POST /api/v1/faq/': () =>
        fail(400, 'Some fields are not valid.', {
          errors: { question_zh: MSG.question_zh_max },
        }),
    });
    const { router } = renderApp('/faq-add');
    await screen.findByLabelText('Module (EN)');
    await fillFaqForm(FORM_VALUES);
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Question (ZH)').closest('.ant-form-item')).toHaveTextContent(
        'Question-ZH must be less than 256 characters',
      ),
    );
    expect(router.state.location.pathname).toBe('/faq-add');
  });
});

describe('edit FAQ', () => {
  it('loads the entry of ?id=, saves all six fields with PUT ?id= and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/faq/4': () => ok(faq()),
      'PUT /api/v1/faq/': () => ok(faq(), MSG.faq_saved),
      'GET /api/v1/faq/': page,
    });
    const { router } = renderApp('/faq-edit?id=4');
    const question = await screen.findByLabelText('Question (EN)');
    expect(question).toHaveValue('How long does a recharge take?');
    expect(screen.getByLabelText('Answer (ZH)')).toHaveValue('付款成功后两分钟内到账。');

    await userEvent.clear(question);
    await fill(question, 'How fast is a recharge?');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    // The toast stays 2 s (SPEC.md §9): look for it first, before a slow machine lets it go.
    expect(await screen.findByText('FAQ Add Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq-admin'));
    const put = api.callsTo('PUT /api/v1/faq/')[0];
    expect(put?.url.search).toBe('?id=4');
    expect(put?.body).toEqual({
      module_en: 'Recharge',
      module_zh: '充值',
      question_en: 'How fast is a recharge?',
      question_zh: '充值需要多长时间？',
      answer_en: 'Within two minutes after payment.',
      answer_zh: '付款成功后两分钟内到账。',
    });
  });

  it("says 'Oops, something went wrong!' when the entry cannot be loaded", async () => {
    stubApi({ 'GET /api/v1/faq/404': () => fail(404, MSG.faq_not_found) });
    renderApp('/faq-edit?id=404');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    const backLinks = screen.getAllByRole('link', { name: 'Back to FAQ' });
    expect(backLinks.length).toBeGreaterThan(0);
    for (const link of backLinks) expect(link).toHaveAttribute('href', '/faq-admin');
  });

  it('in Chinese labels the fields and says the SPEC.md message in Chinese', async () => {
    await setLanguage('zh');
    stubApi({});
    renderApp('/faq-add');
    await userEvent.click(await screen.findByRole('button', { name: '添加问题' }));
    expect(await screen.findByLabelText('模块（英文）')).toBeInTheDocument();
    expect(screen.getByLabelText('答案（中文）')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '中文' })).toBeInTheDocument();
  });
});

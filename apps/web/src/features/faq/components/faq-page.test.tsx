import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

const GROUPS = {
  en: [
    {
      name: 'Recharge',
      children: [
        { id: 1, question: 'How long does a recharge take?', answer: 'Within two minutes after payment.' },
        { id: 2, question: 'Where do I find my BIGO ID?', answer: 'On your BIGO LIVE profile page.' },
      ],
    },
    {
      name: 'Payment',
      children: [{ id: 3, question: 'Can I get a refund?', answer: 'Diamonds are not refundable.' }],
    },
  ],
  zh: [
    {
      name: '充值',
      children: [
        { id: 1, question: '充值需要多长时间？', answer: '付款成功后两分钟内到账。' },
        { id: 2, question: '在哪里找到我的 BIGO ID？', answer: '在您的 BIGO LIVE 个人主页。' },
      ],
    },
    { name: '付款', children: [{ id: 3, question: '可以退款吗？', answer: '钻石一经发放不可退款。' }] },
  ],
};

function groupsFor(call: TRecordedCall) {
  return ok(call.url.searchParams.get('lang_type') === 'zh' ? GROUPS.zh : GROUPS.en);
}

describe('FAQ page', () => {
  it('shows each group as an accordion of its questions, in English, and opens an answer', async () => {
    const api = stubApi({ 'GET /api/v1/faq/list': groupsFor });
    renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 2, name: 'Recharge' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/faq/list')[0]?.url.search).toBe('?lang_type=en');

    const recharge = within(screen.getByRole('region', { name: 'Recharge' }));
    const question = recharge.getByRole('button', { name: 'How long does a recharge take?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Within two minutes after payment.')).toBeNull();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText('Within two minutes after payment.')).toBeVisible());
    await waitFor(() => expect(document.title).toBe('FAQ | EzRecharge'));
  });

  it('asks for and shows the Chinese FAQ when Chinese is the active language', async () => {
    await setLanguage('zh');
    const api = stubApi({ 'GET /api/v1/faq/list': groupsFor });
    renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 2, name: '充值' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '常见问题' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/faq/list')[0]?.url.search).toBe('?lang_type=zh');
    await userEvent.click(screen.getByRole('button', { name: '可以退款吗？' }));
    await waitFor(() => expect(screen.getByText('钻石一经发放不可退款。')).toBeVisible());
  });

  it('shows markup in a question or answer as literal text', async () => {
    const script = '<script>window.__faqXss = 1</script>';
    const bold = '<b>bold</b> & <img src=x onerror="window.__faqXss=2">';
    stubApi({
      'GET /api/v1/faq/list': () =>
        ok([{ name: '<i>Group</i>', children: [{ id: 9, question: script, answer: bold }] }]),
    });
    renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 2, name: '<i>Group</i>' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: script }));
    await waitFor(() => expect(screen.getByText(bold)).toBeVisible());
    const main = screen.getByRole('main');
    expect(main.querySelector('script, img, b, i')).toBeNull();
    expect(Reflect.get(window, '__faqXss')).toBeUndefined();
  });

  it('says so when there are no questions yet', async () => {
    stubApi({ 'GET /api/v1/faq/list': () => ok([]) });
    renderApp('/faq');
    expect(await screen.findByText('There are no questions here yet.')).toBeInTheDocument();
  });

  it('says the questions could not be loaded and tries again on request', async () => {
    let calls = 0;
    stubApi({
      'GET /api/v1/faq/list': (call) => {
        calls += 1;
        return calls === 1 ? fail(400, 'Bad language') : groupsFor(call);
      },
    });
    renderApp('/faq');

    expect(await screen.findByRole('alert')).toHaveTextContent('The questions could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Recharge' })).toBeInTheDocument();
  });

  it('points to both contact pages', async () => {
    stubApi({ 'GET /api/v1/faq/list': groupsFor });
    renderApp('/faq');
    const help = within(await screen.findByRole('complementary', { name: 'Still have a question?' }));
    expect(help.getByRole('link', { name: 'Contact EzRecharge' })).toHaveAttribute(
      'href',
      '/contact-ezrecharge',
    );
    expect(help.getByRole('link', { name: 'Contact EzLivez' })).toHaveAttribute('href', '/contact-ezlivez');
  });
});

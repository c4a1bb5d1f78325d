import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage, type TLanguage } from '../../../lib/i18n';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { TermsConditionsPage } from './terms-conditions-page';

/** The SPEC.md §9 policy figures each page must state, as the reader sees them in each language. */
const CASES: Record<TLanguage, { page: ComponentType; name: string; title: string; figures: RegExp[] }[]> = {
  en: [
    {
      page: PrivacyPolicyPage,
      name: 'privacy policy',
      title: 'Privacy Policy',
      figures: [/PDPA/, /aged 18 and over/, /children under 13/, /within one month/],
    },
    {
      page: TermsConditionsPage,
      name: 'terms and conditions',
      title: 'Terms and Conditions',
      figures: [
        /aged 18 or over/,
        /consent of a parent or legal guardian/,
        /take effect 30 days after publication/,
        /within two minutes after successful payment/,
        /up to 1 business day/,
        /non-refundable once the diamonds have been issued/,
        /within 3 days of payment/,
        /3 to 7 business days/,
      ],
    },
    {
      page: RefundPolicyPage,
      name: 'refund policy',
      title: 'Return and Refund Policy',
      figures: [
        /non-refundable once the diamonds have been issued/,
        /within 3 days of payment/,
        /3 to 7 business days/,
        /up to 1 business day/,
        /within two minutes after successful payment/,
      ],
    },
  ],
  zh: [
    {
      page: PrivacyPolicyPage,
      name: 'privacy policy',
      title: '隐私政策',
      figures: [/PDPA/, /年满 18 周岁/, /13 岁以下儿童/, /一个月内回复/],
    },
    {
      page: TermsConditionsPage,
      name: 'terms and conditions',
      title: '条款与条件',
      figures: [
        /年满 18 周岁/,
        /父母或法定监护人同意/,
        /公布 30 天后生效/,
        /两分钟内/,
        /最长可能需要 1 个工作日/,
        /钻石一经发放，购买即不可退款/,
        /付款后 3 天内/,
        /3 至 7 个工作日/,
      ],
    },
    {
      page: RefundPolicyPage,
      name: 'refund policy',
      title: '退货及退款政策',
      figures: [/所有购买均不可退款/, /付款后 3 天内/, /3 至 7 个工作日/, /1 个工作日/, /两分钟内到账/],
    },
  ],
};

function renderPage(Page: ComponentType) {
  return render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

describe.each(Object.keys(CASES) as TLanguage[])('policy pages in %s', (language) => {
  it.each(CASES[language])('the $name states its SPEC figures', async ({ page, title, figures }) => {
    await setLanguage(language);
    renderPage(page);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // Several headed sections, each listed in the page's table of contents.
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections.length).toBeGreaterThanOrEqual(6);
    expect(screen.getByRole('navigation', { name: /On this page|本页目录/ })).toBeInTheDocument();

    const text = document.body.textContent ?? '';
    for (const figure of figures) expect(text).toMatch(figure);
    // Interpolated contact details, never a raw placeholder.
    expect(text).not.toMatch(/\{\{/);
  });
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

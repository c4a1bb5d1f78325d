import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderInProviders } from '../test/render-app';
import { OrderNumber } from './order-number';

const NUM = 'EZ7K3M9QHX4TWB2NCR8PDFVG';

function stubClipboard(writeText: (text: string) => Promise<void>): void {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

beforeEach(() => setLanguage('en'));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('an order number on screen', () => {
  it('shows groups of four whose text is the raw number (what a hand copy and a screen reader get)', () => {
    const { container } = renderInProviders(<OrderNumber orderNum={NUM} />);
    const digits = container.querySelector('.order-number__digits') as HTMLElement;
    expect(digits.textContent).toBe(NUM);
    // Five gaps between six groups, empty elements that say nothing, each followed by the line's only break.
    const gaps = digits.querySelectorAll('.order-number__gap');
    expect(gaps).toHaveLength(5);
    expect([...gaps].every((gap) => gap.nextElementSibling?.tagName === 'WBR')).toBe(true);
    expect(
      [...gaps].every((gap) => gap.textContent === '' && gap.getAttribute('aria-hidden') === 'true'),
    ).toBe(true);
    expect(
      [...digits.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent),
    ).toEqual(['EZ7K', '3M9Q', 'HX4T', 'WB2N', 'CR8P', 'DFVG']);
  });

  it('copies the raw number and says so, with a button named in the active language', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    renderInProviders(<OrderNumber orderNum={NUM} />);
    await userEvent.click(screen.getByRole('button', { name: `Copy order number ${NUM}` }));
    expect(writeText).toHaveBeenCalledWith(NUM);
    expect(await screen.findByText(`Order number ${NUM} copied.`)).toBeInTheDocument();

    await setLanguage('zh');
    await userEvent.click(await screen.findByRole('button', { name: `复制订单号 ${NUM}` }));
    expect(await screen.findByText(`订单号 ${NUM} 已复制。`)).toBeInTheDocument();
  });

  it('without a clipboard (a site on plain http), selects the number for the keyboard and says so', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const { container } = renderInProviders(<OrderNumber orderNum={NUM} />);
    await userEvent.click(screen.getByRole('button', { name: `Copy order number ${NUM}` }));
    expect(
      await screen.findByText('Could not copy. The order number is selected: copy it with your keyboard.'),
    ).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe(NUM);
    expect(
      container.querySelector('.order-number__digits')?.contains(window.getSelection()?.anchorNode ?? null),
    ).toBe(true);
  });
});

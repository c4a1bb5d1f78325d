import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, type TAccordionItem } from './accordion';

const ITEMS: TAccordionItem[] = [
  { key: 'a', title: 'First question', content: <p>First answer</p> },
  { key: 'b', title: 'Second question', content: <p>Second answer</p> },
];

describe('Accordion', () => {
  it('puts each title in a heading as a button that controls a region named by it', async () => {
    render(<Accordion items={ITEMS} headingLevel={3} />);
    const heading = screen.getByRole('heading', { level: 3, name: 'First question' });
    const button = screen.getByRole('button', { name: 'First question' });
    expect(heading).toContainElement(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('First answer')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'First question' });
    expect(button).toHaveAttribute('aria-controls', region.id);
    expect(region).toHaveTextContent('First answer');
    expect(region).toBeVisible();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('lets several panels be open at once by default, and one at a time when single', async () => {
    const { unmount } = render(<Accordion items={ITEMS} />);
    await userEvent.click(screen.getByRole('button', { name: 'First question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Second question' }));
    expect(screen.getByText('First answer')).toBeVisible();
    expect(screen.getByText('Second answer')).toBeVisible();
    unmount();

    render(<Accordion items={ITEMS} single />);
    await userEvent.click(screen.getByRole('button', { name: 'First question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Second question' }));
    expect(screen.getByRole('button', { name: 'First question' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
    expect(screen.getByText('Second answer')).toBeVisible();
  });

  it('opens the panels named in defaultOpen and works from the keyboard', async () => {
    render(<Accordion items={ITEMS} defaultOpen={['b']} />);
    expect(screen.getByText('Second answer')).toBeVisible();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First question' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('First answer')).toBeVisible();
    await userEvent.keyboard(' ');
    expect(screen.getByText('First answer')).not.toBeVisible();
  });
});

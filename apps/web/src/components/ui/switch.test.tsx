import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';

function Controlled({ error }: { error?: string }) {
  const [on, setOn] = useState(false);
  return (
    <Switch id="terms" value={on} onChange={setOn} error={error}>
      I accept the <a href="/terms">terms</a>
    </Switch>
  );
}

describe('Switch', () => {
  it('is a switch named by its visible label, off until turned on', () => {
    render(<Controlled />);
    const control = screen.getByRole('switch', { name: 'I accept the terms' });
    expect(control).not.toBeChecked();
    expect(screen.getByText(/I accept the/)).toBeVisible();
  });

  it('turns on and off by a click on it, on its label, and with the space bar; says its state', async () => {
    render(<Controlled />);
    const control = screen.getByRole('switch', { name: 'I accept the terms' });
    await userEvent.click(control);
    expect(control).toBeChecked();
    expect(control).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByText(/I accept the/));
    expect(control).not.toBeChecked();
    control.focus();
    await userEvent.keyboard(' ');
    expect(control).toBeChecked();
  });

  it('never submits the form it is in', async () => {
    let submitted = false;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted = true;
        }}
      >
        <Controlled />
      </form>,
    );
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).toBeChecked();
    expect(submitted).toBe(false);
  });

  it('does not toggle when the link in its label is followed', async () => {
    render(<Controlled />);
    const link = screen.getByRole('link', { name: 'terms' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(screen.getByRole('switch')).not.toBeChecked();
  });

  it('shows its error under it and is described by it', () => {
    render(<Controlled error="Please accept the terms and conditions to proceed." />);
    expect(screen.getByRole('switch')).toHaveAccessibleDescription(
      'Please accept the terms and conditions to proceed.',
    );
  });
});

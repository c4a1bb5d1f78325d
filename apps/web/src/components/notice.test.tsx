import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from './notice';

describe('an in-page notice', () => {
  it('alerts for warnings and errors, speaks politely otherwise, and can stay silent', () => {
    const { rerender } = render(<Notice tone="error" title="Could not load" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    rerender(<Notice tone="info" title="On its way" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('On its way');
    rerender(<Notice tone="warning" title="Nothing here" role="none" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows its text and action after the title, its icon hidden from assistive technology', () => {
    render(
      <Notice tone="warning" title="Not opened" action={<button type="button">Retry</button>}>
        The order waits.
      </Notice>,
    );
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Not openedThe order waits.Retry');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(notice.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(notice).toHaveClass('app-notice--warning');
  });
});

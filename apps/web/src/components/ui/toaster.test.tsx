import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { SESSION_STORAGE_KEYS } from '../../lib/storage';
import { carryToasts, clearToasts, restoreCarriedToasts, toast } from '../../lib/toast';
import { Toaster } from './toaster';

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (SPEC.md §9)', () => {
  it('show for 2000 ms, 300 px wide for successes (a polite status) and 500 px for errors (an alert)', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    const success = screen.getByRole('status');
    const error = screen.getByRole('alert');
    expect(success).toHaveTextContent('Saved');
    expect(success).toHaveStyle({ width: '300px' });
    expect(error).toHaveTextContent('Failed');
    expect(error).toHaveStyle({ width: '500px' });
    expect(success.querySelector('.app-toast__progress')).toHaveStyle({ animationDuration: '2000ms' });

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('close on their close button', () => {
    render(<Toaster />);
    act(() => toast.error('Failed'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('stay while the pointer is on them, and for the rest of their time after it leaves', () => {
    render(<Toaster />);
    act(() => toast.success('Saved'));
    const item = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('raised before the toaster mounted are shown once it has', () => {
    toast.error('Too early');
    render(<Toaster />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too early');
  });

  it("showing when the storefront hands over to the console's page are shown there once, for their full time", () => {
    toast.success('Login successful');
    toast.error('Something else');
    carryToasts();
    // The next page of the tab starts with an empty store.
    clearToasts();
    restoreCarriedToasts();
    render(<Toaster />);
    expect(screen.getByRole('status')).toHaveTextContent('Login successful');
    expect(screen.getByRole('alert')).toHaveTextContent('Something else');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.carriedToasts)).toBeNull();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();

    // Once only, and nothing from a damaged entry.
    clearToasts();
    restoreCarriedToasts();
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.carriedToasts, '{"not":"a list"');
    restoreCarriedToasts();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

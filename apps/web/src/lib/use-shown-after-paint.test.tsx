import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShownAfterPaint } from './use-shown-after-paint';

function Part({ shown }: { shown: boolean }) {
  return useShownAfterPaint(shown) ? <p>bank list</p> : null;
}

/** Animation frames held until the test runs them: the frame that answers a tap is painted between the two. */
function holdFrames(): () => void {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  return () => {
    for (const frame of frames.splice(0)) frame(0);
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a part a tap brings in', () => {
  it('appears once the frame after the tap has been painted, not in the render that answers the tap', () => {
    vi.useFakeTimers();
    const paintFrame = holdFrames();
    const { rerender } = render(<Part shown={false} />);
    rerender(<Part shown />);
    expect(screen.queryByText('bank list')).not.toBeInTheDocument();
    act(() => vi.runAllTimers());
    expect(screen.queryByText('bank list')).not.toBeInTheDocument();
    act(() => {
      paintFrame();
      vi.runAllTimers();
    });
    expect(screen.getByText('bank list')).toBeInTheDocument();
  });

  it('goes at once, and is there at once when shown from the start', () => {
    vi.useFakeTimers();
    holdFrames();
    const { rerender } = render(<Part shown />);
    expect(screen.getByText('bank list')).toBeInTheDocument();
    rerender(<Part shown={false} />);
    expect(screen.queryByText('bank list')).not.toBeInTheDocument();
  });

  it('never appears when the tap is taken back before the paint', () => {
    vi.useFakeTimers();
    const paintFrame = holdFrames();
    const { rerender } = render(<Part shown={false} />);
    rerender(<Part shown />);
    rerender(<Part shown={false} />);
    act(() => {
      paintFrame();
      vi.runAllTimers();
    });
    expect(screen.queryByText('bank list')).not.toBeInTheDocument();
  });
});

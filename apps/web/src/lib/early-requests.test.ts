import { describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early-requests';

describe('early requests', () => {
  it('hands a started request to the first query that asks, and sends afresh after that', async () => {
    const early = vi.fn(async () => 'early answer');
    startEarly('test.once', early);
    startEarly('test.once', early);
    expect(early).toHaveBeenCalledTimes(1);

    const fresh = vi.fn(async () => 'fresh answer');
    await expect(takeEarly('test.once', fresh)).resolves.toBe('early answer');
    expect(fresh).not.toHaveBeenCalled();
    await expect(takeEarly('test.once', fresh)).resolves.toBe('fresh answer');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('sends the request itself when none was started', async () => {
    await expect(takeEarly('test.none', async () => 42)).resolves.toBe(42);
  });

  it('passes a failed early request on to the query that takes it, and reports nothing unhandled before', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarly('test.failed', async () => {
        throw new Error('offline');
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarly('test.failed', async () => 'unused')).rejects.toThrow('offline');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

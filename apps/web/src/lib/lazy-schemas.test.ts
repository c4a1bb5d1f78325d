import { describe, expect, it, vi } from 'vitest';
import { parseEnvelopeWith, parseWith } from './lazy-schemas';

describe('answer checks with schemas loaded on demand', () => {
  it('start loading their schemas when prepared (as the request goes out), and check once loaded', async () => {
    const { z } = await import('zod');
    const load = vi.fn(async () => ({ ZCount: z.number().int() }));
    const parse = parseWith(load, (m) => m.ZCount);
    expect(load).not.toHaveBeenCalled();
    parse.prepare?.();
    expect(load).toHaveBeenCalledOnce();
    expect(await parse(3)).toBe(3);
    await expect(parse('3')).rejects.toThrow();
  });

  it('check the envelope around the value, and a failed load in preparation stays quiet', async () => {
    const { z } = await import('zod');
    const load = vi
      .fn<() => Promise<{ ZName: import('zod').ZodString }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ ZName: z.string() });
    const parse = parseEnvelopeWith(load, (m) => m.ZName);
    parse.prepare?.();
    expect(load).toHaveBeenCalledOnce();
    expect(await parse({ message: 'ok', data: 'alice' })).toEqual({ message: 'ok', data: 'alice' });
    await expect(parse({ message: 'ok', data: 1 })).rejects.toThrow();
  });
});

import { ZProduct } from '@ezrecharge/shared/schemas/catalogue';
import { describe, expect, it, vi } from 'vitest';
import { config } from 'zod';

describe('zod in the web app', () => {
  it('is set to build no code at run time, before any schema is built', () => {
    expect(config().jitless).toBe(true);
  });

  it('parses an object without asking for eval', () => {
    const evaluate = vi.spyOn(globalThis, 'Function');
    expect(() => ZProduct.parse({})).toThrow();
    expect(evaluate).not.toHaveBeenCalled();
    evaluate.mockRestore();
  });
});

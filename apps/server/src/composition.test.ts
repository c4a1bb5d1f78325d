import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobKindsWithoutHandler } from './composition.js';
import { defineJob } from './infra/jobs.js';

describe('the composition root', () => {
  it('gives every job kind a module declares its handler (the root imports every module)', () => {
    expect(jobKindsWithoutHandler()).toEqual([]);
  });

  it('names a declared kind that JOB_TYPES leaves out', () => {
    defineJob({ kind: 'composition-test-orphan', payload: z.strictObject({}), maxAttempts: 1 });
    expect(jobKindsWithoutHandler()).toEqual(['composition-test-orphan']);
  });
});

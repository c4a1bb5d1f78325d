import { describe, expect, it } from 'vitest';
import { describeFailure } from './payments-routes';

describe('describeFailure', () => {
  it('keeps the failed query but not its parameters (they hold the stored post and its skey)', () => {
    const err = new Error(
      'Failed query: insert into "payment_notifications" values ($1)\nparams: {"skey":"abc123"}',
      {
        cause: new Error('connection terminated'),
      },
    );
    const described = describeFailure(err);
    expect(described.message).toContain('Failed query: insert into "payment_notifications"');
    expect(described.message).toContain('connection terminated');
    expect(described.message).not.toContain('abc123');
  });
});

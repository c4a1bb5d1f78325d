import { describe, expect, it } from 'vitest';
import { wouldLeaveNoSuperuser } from './users-service';

describe('wouldLeaveNoSuperuser', () => {
  it('is true only when the target is the last active superuser', () => {
    expect(wouldLeaveNoSuperuser([{ id: 1, isActive: true }], 1)).toBe(true);
    expect(
      wouldLeaveNoSuperuser(
        [
          { id: 1, isActive: true },
          { id: 2, isActive: false },
        ],
        1,
      ),
    ).toBe(true);
    expect(
      wouldLeaveNoSuperuser(
        [
          { id: 1, isActive: true },
          { id: 2, isActive: true },
        ],
        1,
      ),
    ).toBe(false);
  });

  it('is false when the target is not an active superuser (removing it changes nothing)', () => {
    expect(wouldLeaveNoSuperuser([{ id: 1, isActive: true }], 7)).toBe(false);
    expect(
      wouldLeaveNoSuperuser(
        [
          { id: 1, isActive: true },
          { id: 2, isActive: false },
        ],
        2,
      ),
    ).toBe(false);
  });
});

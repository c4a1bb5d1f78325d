import { describe, expect, it } from 'vitest';
import { foreignKeyViolation, uniqueViolation } from './db-errors';

/** Shaped like DrizzleQueryError: the driver's error (pg or PGlite) is its cause. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('driver error'), { code, constraint }),
  });

describe('constraint violations', () => {
  it('finds a unique index on the error or its cause', () => {
    expect(uniqueViolation(wrapped('23505', 'users_username_lower_uq'))).toBe('users_username_lower_uq');
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23505', constraint: 'c' }))).toBe('c');
    expect(uniqueViolation(wrapped('23505'))).toBe('');
    expect(uniqueViolation(wrapped('23503', 'users_email_lower_uq'))).toBeNull();
  });

  it('finds a foreign key on the error or its cause', () => {
    expect(foreignKeyViolation(wrapped('23503', 'prices_product_id_products_id_fk'))).toBe(
      'prices_product_id_products_id_fk',
    );
    expect(foreignKeyViolation(wrapped('23503'))).toBe('');
    expect(foreignKeyViolation(wrapped('23505', 'x'))).toBeNull();
  });

  it('is null for anything that is not a database error', () => {
    for (const err of [new Error('other'), 'text', null, undefined, 42, { code: 23505 }]) {
      expect(uniqueViolation(err)).toBeNull();
      expect(foreignKeyViolation(err)).toBeNull();
    }
  });

  it('does not loop on a cause chain that points at itself', () => {
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(uniqueViolation(loop)).toBeNull();
  });
});

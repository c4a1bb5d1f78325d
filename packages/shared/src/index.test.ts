import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index';

describe('package entry', () => {
  it('exposes the wire format, order statuses and money helpers to both apps', () => {
    for (const name of [
      'encryptWire',
      'decryptWireJson',
      'canMove',
      'ORDER_STATUS',
      'formatMinor',
      'ZCurrency',
    ]) {
      expect(shared).toHaveProperty(name);
    }
    expectTypeOf<z.infer<typeof shared.ZOrderStatus>>().toEqualTypeOf<shared.TOrderStatus>();
    expectTypeOf<z.infer<typeof shared.ZCurrency>>().toEqualTypeOf<shared.TCurrency>();
  });
});

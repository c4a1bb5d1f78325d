import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { ZOrderListQuery, ZOrderLookup, ZOrderNum } from './orders';

describe('order numbers in requests', () => {
  it('accept the numbers made before (EZ, a date, 20 of base 62) and today’s (EZ and 22 without look-alikes)', () => {
    const old = 'EZ20261124aB3dE5fG7hJ9kLmNpQrS';
    const current = 'EZ7K3M9QHX4TWB2NCR8PDFVG';
    expect(ZOrderNum.parse(old)).toBe(old);
    expect(ZOrderNum.parse(current)).toBe(current);
  });

  it('drop the gaps of the grouped display, whatever space was typed or pasted', () => {
    expect(ZOrderNum.parse(' EZ7K 3M9Q\u2009HX4T\u202fWB2N\u00a0CR8P DFVG ')).toBe(
      'EZ7K3M9QHX4TWB2NCR8PDFVG',
    );
    expect(ZOrderLookup.parse({ email: 'a@example.com', order_num: 'EZ7K 3M9Q' }).order_num).toBe('EZ7K3M9Q');
    expect(ZOrderListQuery.parse({ order_num: 'EZ7K 3M' }).order_num).toBe('EZ7K3M');
  });

  it('refuse anything else as an unknown order', () => {
    for (const bad of ['', 'EZ-7K3M', 'EZ_7K3M', 'x'.repeat(41), '订单']) {
      const result = ZOrderNum.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.order_not_found);
    }
  });
});

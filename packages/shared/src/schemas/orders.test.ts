import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  BIGO_ID_MAX,
  normaliseBigoId,
  ZBigoId,
  ZOrderCommitPayload,
  ZOrderListQuery,
  ZOrderLookup,
  ZOrderNum,
} from './orders';

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

  it('drop the dashes a buyer types between the groups, and keep the case for the lookup to compare', () => {
    expect(ZOrderNum.parse('ezsw-dm64\u2013hx4t WB2N')).toBe('ezswdm64hx4tWB2N');
    expect(ZOrderLookup.parse({ email: 'a@example.com', order_num: 'EZ7K-3M9Q' }).order_num).toBe('EZ7K3M9Q');
  });

  it('refuse anything else as an unknown order', () => {
    for (const bad of ['', '-', 'EZ_7K3M', 'EZ.7K3M', 'x'.repeat(41), '订单']) {
      const result = ZOrderNum.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.order_not_found);
    }
  });
});

describe('the BIGO ID as the buyer types it', () => {
  it.each([
    ['Star88', 'Star88'],
    ['  Star88 ', 'Star88'],
    ['ID:Star88', 'Star88'],
    ['ID: Star88', 'Star88'],
    ['id : Star88', 'Star88'],
    ['Id:Star88', 'Star88'],
    [' iD:\tStar88  ', 'Star88'],
  ])('reads %j as %j', (typed, id) => {
    expect(normaliseBigoId(typed)).toBe(id);
    expect(ZBigoId.parse(typed)).toBe(id);
  });

  it('keeps the case of the ID and an "ID" that is part of it', () => {
    expect(ZBigoId.parse('IDOL_fan')).toBe('IDOL_fan');
    expect(ZBigoId.parse('ID:ID:x')).toBe('ID:x');
    expect(ZBigoId.parse('star88')).not.toBe(ZBigoId.parse('Star88'));
  });

  it('refuses an ID that is empty once the label is gone, or too long', () => {
    for (const typed of ['', '   ', 'ID:', ' id : ', 'x'.repeat(BIGO_ID_MAX + 1)]) {
      const result = ZBigoId.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.payment_game_id_tips);
    }
    expect(ZBigoId.safeParse(`ID: ${'x'.repeat(BIGO_ID_MAX)}`).success).toBe(true);
  });

  it('is what the order payload carries', () => {
    const payload = ZOrderCommitPayload.parse({
      game_type: 1,
      game_id: 'ID: Star88',
      price_id: 1,
      quantity: 1,
      amount: 100,
      amount_game: 100,
      pay_currency: 'MYR',
      page_info: 'recharge',
    });
    expect(payload.game_id).toBe('Star88');
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { BIGO_ID_MAX, normaliseBigoId, ZBigoId, ZOrderCommitPayload } from './orders';

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

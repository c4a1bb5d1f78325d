import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../messages';
import { ZPriceInput, ZProductInput } from './catalogue';
import { ZContactInput, ZFaqInput, ZFeedbackInput } from './support';

function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('catalogue schemas', () => {
  it('name products per SPEC.md §5', () => {
    expect(firstErrors(ZProductInput, { name: '' }).name).toBe(MSG.name_required);
    expect(firstErrors(ZProductInput, { name: 'n'.repeat(65) }).name).toBe(MSG.product_name_max);
    expect(ZProductInput.parse({ name: ' Diamonds ' })).toMatchObject({
      name: 'Diamonds',
      image: '',
      code: '',
    });
    expect(
      firstErrors(ZProductInput, { name: 'x', image: 'https://evil.example/a.png' }).image,
    ).toBeDefined();
  });

  it('price packs in minor units with at most 100 000 diamonds', () => {
    const ok = { product_id: 1, game_amount: 500, currency: 'SGD', unit_amount: 1220 };
    expect(ZPriceInput.parse(ok)).toEqual(ok);
    expect(firstErrors(ZPriceInput, { ...ok, game_amount: undefined }).game_amount).toBe(
      MSG.diamonds_required,
    );
    expect(firstErrors(ZPriceInput, { ...ok, game_amount: 100_001 }).game_amount).toBe(MSG.diamonds_range);
    expect(firstErrors(ZPriceInput, { ...ok, unit_amount: undefined }).unit_amount).toBe(MSG.price_required);
    expect(firstErrors(ZPriceInput, { ...ok, unit_amount: 12.5 }).unit_amount).toBe(MSG.price_positive);
    expect(firstErrors(ZPriceInput, { ...ok, currency: 'EUR' }).currency).toBe(MSG.currency_required);
  });

  it('refuses under unit_amount a price its gateway cannot charge exactly, never rounding it', () => {
    const jod = { product_id: 1, game_amount: 500, currency: 'JOD', unit_amount: 1250 };
    expect(ZPriceInput.parse(jod)).toEqual(jod);
    expect(firstErrors(ZPriceInput, { ...jod, unit_amount: 1255 })).toEqual({
      unit_amount: MSG.price_three_decimal_tens,
    });
    const yen = { product_id: 1, game_amount: 500, currency: 'JPY', unit_amount: 501 };
    expect(ZPriceInput.parse(yen)).toEqual(yen);
    // The amount's own checks come first; the gateway rule needs a valid amount and currency.
    expect(firstErrors(ZPriceInput, { ...jod, unit_amount: 12.5 })).toEqual({
      unit_amount: MSG.price_positive,
    });
    expect(firstErrors(ZPriceInput, { ...jod, currency: 'EUR', unit_amount: 1255 })).toEqual({
      currency: MSG.currency_required,
    });
  });
});

describe('support schemas', () => {
  it('give FAQ fields their own messages', () => {
    expect(firstErrors(ZFaqInput, {})).toEqual({
      module_en: MSG.module_en_required,
      module_zh: MSG.module_zh_required,
      question_en: MSG.question_en_required,
      question_zh: MSG.question_zh_required,
      answer_en: MSG.answer_en_required,
      answer_zh: MSG.answer_zh_required,
    });
    const long = 'q'.repeat(257);
    expect(firstErrors(ZFaqInput, { question_zh: long }).question_zh).toBe(MSG.question_zh_max);
  });

  it('take feedback with a 250-character comment, refuse 251, default the role to streamer', () => {
    const base = { name: 'Mei', whatapp_id: '+60 12 345 6789', comment: 'c'.repeat(250) };
    expect(ZFeedbackInput.parse(base)).toMatchObject({ role: 'streamer', email: '', bigo_id: '' });
    expect(firstErrors(ZFeedbackInput, { ...base, comment: 'c'.repeat(251) }).comment).toBe(MSG.comment_max);
    expect(firstErrors(ZFeedbackInput, { ...base, comment: ' ' }).comment).toBe(MSG.comment_required);
    expect(firstErrors(ZFeedbackInput, { ...base, email: 'not-mail' }).email).toBe(MSG.email_invalid);
    expect(firstErrors(ZFeedbackInput, { ...base, role: 'boss' }).role).toBe(MSG.role_invalid);
    // Text is kept as given: markup is data, escaped wherever it is shown.
    expect(ZFeedbackInput.parse({ ...base, name: '<script>alert(1)</script>' }).name).toBe(
      '<script>alert(1)</script>',
    );
  });

  it('check the contact form limits', () => {
    expect(firstErrors(ZContactInput, { firstname: 'f'.repeat(65), lastname: '', email: '' })).toEqual({
      firstname: MSG.max_64,
      lastname: MSG.lastname_required,
      email: MSG.email_required,
    });
  });
});

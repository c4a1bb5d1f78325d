import { describe, expect, it } from 'vitest';
import type { FaqRow } from './faq-repository';
import { faqChanges, groupFaqs, toApiFaq } from './faq-service';

const at = new Date('2026-01-02T03:04:05.678Z');
const row = (id: number, moduleEn: string, moduleZh: string): FaqRow => ({
  id,
  moduleEn,
  moduleZh,
  questionEn: `Q${id}`,
  questionZh: `问${id}`,
  answerEn: `A${id}`,
  answerZh: `答${id}`,
  createdAt: at,
  updatedAt: at,
});

describe('groupFaqs', () => {
  const rows = [row(1, 'Pay', '支付'), row(2, 'Account', '账户'), row(3, 'Pay', '支付'), row(4, 'New', '新')];

  it('makes one group per module in first-appearance order, questions in row order', () => {
    expect(groupFaqs(rows, 'en')).toEqual([
      {
        name: 'Pay',
        children: [
          { id: 1, question: 'Q1', answer: 'A1' },
          { id: 3, question: 'Q3', answer: 'A3' },
        ],
      },
      { name: 'Account', children: [{ id: 2, question: 'Q2', answer: 'A2' }] },
      { name: 'New', children: [{ id: 4, question: 'Q4', answer: 'A4' }] },
    ]);
  });

  it('uses the Chinese module, question and answer for zh', () => {
    expect(groupFaqs(rows, 'zh')).toEqual([
      {
        name: '支付',
        children: [
          { id: 1, question: '问1', answer: '答1' },
          { id: 3, question: '问3', answer: '答3' },
        ],
      },
      { name: '账户', children: [{ id: 2, question: '问2', answer: '答2' }] },
      { name: '新', children: [{ id: 4, question: '问4', answer: '答4' }] },
    ]);
  });

  it('groups by the module name of the requested language only', () => {
    // Same English module, two Chinese names: one group in English, two in Chinese.
    const split = [row(1, 'Pay', '支付'), row(2, 'Pay', '付款')];
    expect(groupFaqs(split, 'en').map((g) => g.name)).toEqual(['Pay']);
    expect(groupFaqs(split, 'zh').map((g) => g.name)).toEqual(['支付', '付款']);
    expect(groupFaqs([], 'en')).toEqual([]);
  });
});

describe('faqChanges', () => {
  it('lists only the fields that changed, by their API names', () => {
    const before = row(1, 'Pay', '支付');
    const after = { ...before, moduleEn: 'Payment', answerZh: '新答' };
    expect(faqChanges(before, after)).toEqual({
      module_en: { from: 'Pay', to: 'Payment' },
      answer_zh: { from: '答1', to: '新答' },
    });
    expect(faqChanges(before, before)).toEqual({});
  });
});

describe('toApiFaq', () => {
  it('answers snake_case fields and ISO times', () => {
    expect(toApiFaq(row(7, 'M', '模'))).toEqual({
      id: 7,
      module_en: 'M',
      module_zh: '模',
      question_en: 'Q7',
      question_zh: '问7',
      answer_en: 'A7',
      answer_zh: '答7',
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2026-01-02T03:04:05.678Z',
    });
  });
});

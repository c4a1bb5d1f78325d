import {
  MSG,
  pageWindow,
  type TFaq,
  type TFaqGroups,
  type TFaqInput,
  type TPage,
  type TPageQuery,
  toPage,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import {
  allFaqs,
  deleteFaq,
  type FaqRow,
  type FaqValues,
  findFaqById,
  insertFaq,
  listFaqs,
  lockFaqById,
  updateFaq,
} from './faq-repository';

/** Success texts of the FAQ admin: SPEC.md §8 uses one text for add and edit, and one delete text for all lists. */
export const FAQ_MESSAGES = {
  saved: MSG.faq_saved,
  deleted: MSG.faq_deleted,
} as const;

export type FaqLang = 'en' | 'zh';

/** Who is acting, for the audit row. */
export interface Actor {
  id: number;
  ip?: string | null;
}

export interface FaqListQuery extends TPageQuery {
  module_en?: string | undefined;
  module_zh?: string | undefined;
}

/** The six edited fields of a row, as the API names them. */
function faqContent(row: FaqRow): TFaqInput {
  return {
    module_en: row.moduleEn,
    module_zh: row.moduleZh,
    question_en: row.questionEn,
    question_zh: row.questionZh,
    answer_en: row.answerEn,
    answer_zh: row.answerZh,
  };
}

/** A faqs row as the API shows it (ZFaq). */
export function toApiFaq(row: FaqRow): TFaq {
  return {
    id: row.id,
    ...faqContent(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toValues(input: TFaqInput): FaqValues {
  return {
    moduleEn: input.module_en,
    moduleZh: input.module_zh,
    questionEn: input.question_en,
    questionZh: input.question_zh,
    answerEn: input.answer_en,
    answerZh: input.answer_zh,
  };
}

/**
 * The public FAQ in one language: a group per module name of that language, groups and their questions in the
 * order they first appear in `rows` (which come in id order, so an entry added later never reorders the page).
 */
export function groupFaqs(rows: readonly FaqRow[], lang: FaqLang): TFaqGroups {
  const groups = new Map<string, TFaqGroups[number]>();
  for (const row of rows) {
    const name = lang === 'zh' ? row.moduleZh : row.moduleEn;
    let group = groups.get(name);
    if (!group) {
      group = { name, children: [] };
      groups.set(name, group);
    }
    group.children.push(
      lang === 'zh'
        ? { id: row.id, question: row.questionZh, answer: row.answerZh }
        : { id: row.id, question: row.questionEn, answer: row.answerEn },
    );
  }
  return [...groups.values()];
}

const AUDITED_FIELDS = [
  ['module_en', 'moduleEn'],
  ['module_zh', 'moduleZh'],
  ['question_en', 'questionEn'],
  ['question_zh', 'questionZh'],
  ['answer_en', 'answerEn'],
  ['answer_zh', 'answerZh'],
] as const;

/** The edited fields that really changed, as `{ field: { from, to } }`. */
export function faqChanges(before: FaqRow, after: FaqRow): Record<string, { from: string; to: string }> {
  const out: Record<string, { from: string; to: string }> = {};
  for (const [name, column] of AUDITED_FIELDS) {
    if (before[column] !== after[column]) out[name] = { from: before[column], to: after[column] };
  }
  return out;
}

/** FAQ (SPEC.md §2, §3, §5, §7): the public grouped list, and the admin list, read, add, edit and delete. */
export class FaqService {
  constructor(private readonly db: Db) {}

  async groups(lang: FaqLang): Promise<TFaqGroups> {
    return groupFaqs(await allFaqs(this.db), lang);
  }

  async list(query: FaqListQuery): Promise<TPage<TFaq>> {
    const { rows, total } = await listFaqs(
      this.db,
      { moduleEn: query.module_en, moduleZh: query.module_zh },
      pageWindow(query),
    );
    return toPage(rows.map(toApiFaq), total, query);
  }

  async get(id: number): Promise<TFaq> {
    const row = await findFaqById(this.db, id);
    if (!row) throw AppError.notFound(MSG.faq_not_found);
    return toApiFaq(row);
  }

  async create(actor: Actor, input: TFaqInput): Promise<TFaq> {
    const row = await this.db.transaction(async (tx) => {
      const created = await insertFaq(tx, toValues(input));
      await auditChange(tx, actor, 'faq.create', created.id, { ...input });
      return created;
    });
    return toApiFaq(row);
  }

  async update(actor: Actor, id: number, input: TFaqInput): Promise<TFaq> {
    const row = await this.db.transaction(async (tx) => {
      const before = await lockFaqById(tx, id);
      if (!before) throw AppError.notFound(MSG.faq_not_found);
      const after = await updateFaq(tx, id, toValues(input));
      if (!after) throw AppError.notFound(MSG.faq_not_found);
      await auditChange(tx, actor, 'faq.update', id, { changed: faqChanges(before, after) });
      return after;
    });
    return toApiFaq(row);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await deleteFaq(tx, id);
      if (!removed) throw AppError.notFound(MSG.faq_not_found);
      // The whole entry, so a deletion by mistake can be typed back in.
      await auditChange(tx, actor, 'faq.delete', id, { ...faqContent(removed) });
    });
  }
}

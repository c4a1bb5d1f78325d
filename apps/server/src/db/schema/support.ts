import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    moduleEn: text('module_en').notNull(),
    moduleZh: text('module_zh').notNull(),
    questionEn: text('question_en').notNull(),
    questionZh: text('question_zh').notNull(),
    answerEn: text('answer_en').notNull(),
    answerZh: text('answer_zh').notNull(),
    ...timestamps,
  },
  (t) => [index('faqs_module_idx').on(t.moduleEn)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'feedback' (Contact us 2 form) or 'contact' (the Contact 1 form variant: first and last name, e-mail). */
    source: text('source').notNull().default('feedback'),
    /** Spelt so in SPEC.md §3. */
    whatappId: text('whatapp_id').notNull(),
    role: text('role').notNull().default('streamer'),
    email: text('email').notNull().default(''),
    bigoId: text('bigo_id').notNull().default(''),
    comment: text('comment').notNull(),
    /** true = handled (Resolved), per SPEC.md §3. */
    deleted: boolean('deleted').notNull().default(false),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_deleted_idx').on(t.deleted, t.createdAt)],
);

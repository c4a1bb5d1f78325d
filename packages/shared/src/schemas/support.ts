import { z } from 'zod';
import { EMAIL_PATTERN } from '../email';
import { FEEDBACK_ROLES } from '../feedback';
import { TEXT_LIMITS } from '../limits';
import { MSG as M } from '../messages';

/** FAQ entries and feedback (SPEC.md §3, §5, §7; issue "Support content"). Text is stored as given, shown as text. */

const requiredMax = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/v1/faq/ and PUT /api/v1/faq/?id= */
export const ZFaqInput = z.object({
  module_en: requiredMax(TEXT_LIMITS.faqModule, M.module_en_required, M.module_en_max),
  module_zh: requiredMax(TEXT_LIMITS.faqModule, M.module_zh_required, M.module_zh_max),
  question_en: requiredMax(TEXT_LIMITS.faqText, M.question_en_required, M.question_en_max),
  question_zh: requiredMax(TEXT_LIMITS.faqText, M.question_zh_required, M.question_zh_max),
  answer_en: requiredMax(TEXT_LIMITS.faqText, M.answer_en_required, M.answer_en_max),
  answer_zh: requiredMax(TEXT_LIMITS.faqText, M.answer_zh_required, M.answer_zh_max),
});
export type TFaqInput = z.infer<typeof ZFaqInput>;

export const ZFaq = ZFaqInput.extend({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFaq = z.infer<typeof ZFaq>;

export const ZFaqListQuery = z.object({
  module_en: z.string().trim().max(TEXT_LIMITS.faqModule).optional(),
  module_zh: z.string().trim().max(TEXT_LIMITS.faqModule).optional(),
});

export const ZLangType = z.enum(['en', 'zh']);
/** GET /api/v1/faq/list?lang_type= : groups named by module in that language. */
export const ZFaqGroups = z.array(
  z.object({
    name: z.string(),
    children: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string() })),
  }),
);
export type TFaqGroups = z.infer<typeof ZFaqGroups>;

export { FEEDBACK_ROLES };
export const ZFeedbackRole = z.enum(FEEDBACK_ROLES, { error: M.role_invalid });

const optionalEmail = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.max_128)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), M.email_invalid)
    .default('');

/** POST /api/v1/feedback/ (public): the Contact us 2 form. `whatapp_id` is spelt as in SPEC.md §3. */
export const ZFeedbackInput = z.object({
  name: requiredMax(TEXT_LIMITS.nameLong, M.name_required, M.max_128),
  whatapp_id: requiredMax(TEXT_LIMITS.nameLong, M.whatsapp_required, M.max_128),
  bigo_id: z.string().trim().max(TEXT_LIMITS.nameLong, M.max_128).default(''),
  email: optionalEmail(TEXT_LIMITS.emailLong),
  role: ZFeedbackRole.default('streamer'),
  comment: requiredMax(TEXT_LIMITS.comment, M.comment_required, M.comment_max),
});
export type TFeedbackInput = z.infer<typeof ZFeedbackInput>;

export const FEEDBACK_SOURCES = ['feedback', 'contact'] as const;

export const ZFeedback = z.object({
  id: z.number().int(),
  /** Which form it came from: 'feedback' (Contact us 2) or 'contact' (the Contact 1 variant). */
  source: z.enum(FEEDBACK_SOURCES),
  name: z.string(),
  whatapp_id: z.string(),
  role: ZFeedbackRole,
  email: z.string(),
  bigo_id: z.string(),
  comment: z.string(),
  created_at: z.string(),
  /** true = handled (Resolved), false = Pending. */
  deleted: z.boolean(),
  handled_at: z.string().nullable(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** status: '' all, 'true' resolved, 'false' pending (SPEC.md §2). */
export const ZFeedbackListQuery = z.object({ status: z.enum(['', 'true', 'false']).optional() });

/** The Contact 1 form variant (SPEC.md §5). */
export const ZContactInput = z.object({
  firstname: requiredMax(TEXT_LIMITS.nameShort, M.firstname_required, M.max_64),
  lastname: requiredMax(TEXT_LIMITS.nameShort, M.lastname_required, M.max_64),
  email: z
    .string({ error: M.email_required })
    .trim()
    .min(1, M.email_required)
    .regex(EMAIL_PATTERN, M.email_invalid)
    .max(TEXT_LIMITS.emailLong, M.max_128),
  comment: z.string().trim().max(TEXT_LIMITS.comment, M.comment_max).default(''),
});
export type TContactInput = z.infer<typeof ZContactInput>;

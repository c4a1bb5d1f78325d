import {
  FEEDBACK_ROLES,
  MSG,
  pageWindow,
  type TContactInput,
  type TFeedback,
  type TFeedbackInput,
  type TPage,
  type TPageQuery,
  toPage,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { Mailer } from '../../infra/mail';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import { feedbackNoticeMail } from './feedback-mails';
import {
  type FeedbackRow,
  findFeedbackById,
  insertFeedback,
  listFeedback,
  markHandled,
  type NewFeedbackRow,
} from './feedback-repository';

/** Texts of the feedback calls: `sent` is SPEC.md §8's; the handle texts are ours (SPEC.md shows the message only). */
export const FEEDBACK_MESSAGES = {
  sent: MSG.feedback_sent,
  handled: MSG.feedback_handled,
  alreadyHandled: MSG.feedback_already_handled,
} as const;

/**
 * Messages per client address, both public forms together: plenty for a person who sends a message or two (and
 * corrects a typo), a wall for a script filling the operator's mailbox.
 */
export const FEEDBACK_PER_IP: Limit = { name: 'feedback-ip', max: 5, windowMs: 10 * 60_000 };

type Role = TFeedback['role'];
type Source = 'feedback' | 'contact';

/** Who is acting, for the handled_by column and the audit row. */
export interface Actor {
  id: number;
  ip?: string | null;
}

export interface FeedbackListQuery extends TPageQuery {
  status?: '' | 'true' | 'false' | undefined;
}

/** SPEC.md §2's status filter: '' or absent = all, 'true' = resolved (handled), 'false' = pending. */
export function handledFilter(status: FeedbackListQuery['status']): boolean | undefined {
  if (status === 'true') return true;
  if (status === 'false') return false;
  return undefined;
}

function isRole(value: string): value is Role {
  return (FEEDBACK_ROLES as readonly string[]).includes(value);
}

/** A feedback row as the API shows it (ZFeedback). Rows are only written from validated input, so the role is one
 * of the three; the column's default stands in should a row ever hold something else. */
export function toApiFeedback(row: FeedbackRow): TFeedback {
  return {
    id: row.id,
    source: row.source === 'contact' ? 'contact' : 'feedback',
    name: row.name,
    whatapp_id: row.whatappId,
    role: isRole(row.role) ? row.role : 'streamer',
    email: row.email,
    bigo_id: row.bigoId,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    deleted: row.deleted,
    handled_at: row.handledAt?.toISOString() ?? null,
  };
}

/** The row of a Contact us 2 (feedback form) message: every field as the visitor typed it. */
export function feedbackRow(input: TFeedbackInput, ip: string | null): NewFeedbackRow {
  return {
    source: 'feedback' satisfies Source,
    name: input.name,
    whatappId: input.whatapp_id,
    role: input.role,
    email: input.email,
    bigoId: input.bigo_id,
    comment: input.comment,
    ip,
  };
}

/**
 * The row of a Contact 1 form message: one name of first and last name, no WhatsApp or BIGO ID, and the
 * default role, so the admin list shows it among the feedback.
 */
export function contactRow(input: TContactInput, ip: string | null): NewFeedbackRow {
  return {
    source: 'contact' satisfies Source,
    name: `${input.firstname} ${input.lastname}`,
    whatappId: '',
    role: 'streamer' satisfies Role,
    email: input.email,
    bigoId: '',
    comment: input.comment,
    ip,
  };
}

export interface FeedbackServiceDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** ADMIN_EMAIL: who is told of each new message. */
  adminEmail: string;
  /** Base of the admin link in the notice. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: the notice's time is the shop's. */
  timeZone: string;
  now?: () => Date;
}

/**
 * Feedback and contact messages (SPEC.md §2–§5, §7; DESIGN.md §4, §9): the public forms store the message and tell
 * the operator by e-mail; superusers list, read and handle them.
 */
export class FeedbackService {
  private readonly now: () => Date;

  constructor(private readonly deps: FeedbackServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** POST /feedback/ */
  async submit(input: TFeedbackInput, ip: string): Promise<void> {
    await this.store(feedbackRow(input, ip), ip);
  }

  /** POST /feedback/contact */
  async contact(input: TContactInput, ip: string): Promise<void> {
    await this.store(contactRow(input, ip), ip);
  }

  /**
   * Stores the message, then sends the notice. The message is what matters: a notice that cannot be sent is
   * logged, and the operator still finds the message in the admin list.
   */
  private async store(values: NewFeedbackRow, ip: string): Promise<void> {
    await enforce(this.deps.limiter, FEEDBACK_PER_IP, ip);
    const row = await insertFeedback(this.deps.db, values);
    const mail = feedbackNoticeMail(row, `${this.deps.publicUrl}/feedback`, this.deps.timeZone);
    try {
      await this.deps.mailer.send({ to: this.deps.adminEmail, ...mail });
    } catch (err) {
      this.deps.log.warn({ feedbackId: row.id, err: (err as Error).message }, 'feedback notice not sent');
    }
  }

  async list(query: FeedbackListQuery): Promise<TPage<TFeedback>> {
    const { rows, total } = await listFeedback(
      this.deps.db,
      { handled: handledFilter(query.status) },
      pageWindow(query),
    );
    return toPage(rows.map(toApiFeedback), total, query);
  }

  async get(id: number): Promise<TFeedback> {
    const row = await findFeedbackById(this.deps.db, id);
    if (!row) throw AppError.notFound(MSG.feedback_not_found);
    return toApiFeedback(row);
  }

  /** PUT /feedback/{id}/handle: pending → resolved, once. */
  async handle(actor: Actor, id: number): Promise<TFeedback> {
    const row = await this.deps.db.transaction(async (tx) => {
      const handled = await markHandled(tx, id, actor.id, this.now());
      if (!handled) {
        if (await findFeedbackById(tx, id)) throw AppError.badRequest(FEEDBACK_MESSAGES.alreadyHandled);
        throw AppError.notFound(MSG.feedback_not_found);
      }
      await auditChange(tx, actor, 'feedback.handle', id, { source: handled.source, name: handled.name });
      return handled;
    });
    return toApiFeedback(row);
  }
}

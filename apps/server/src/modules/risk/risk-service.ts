import {
  MSG,
  ORDER_STATUS,
  orderNote,
  type TOrder,
  type TRiskBlocklistCreate,
  type TRiskBlocklistEntry,
  type TRiskBlocklistKind,
  type TRiskDecision,
  type TRiskSettings,
} from '@ezrecharge/shared';
import { and, desc, eq } from 'drizzle-orm';
import { riskBlocklist, riskHolds, riskRefusals } from '../../db/schema';
import { type AuditActor, auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import { enqueueJob, type JobQueue } from '../../infra/jobs';
import { riskCommitCheck } from '../../infra/metrics';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import { deliverOrderJob } from '../fulfilment/fulfilment-jobs';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { lockOrder, noteOrder } from '../order-lifecycle/order-moves';
import { apiOrderOf, findOrder } from '../order-lifecycle/order-row';
import { normalBlocklistValue } from './risk-blocklist';
import { type CommitKeys, commitFindings } from './risk-rules';
import { readRiskSettings, sgdEquivalent, writeRiskSettings } from './risk-settings';

/** How long a process keeps the settings its commit rules use (a change elsewhere reaches it within this). */
export const SETTINGS_AT_COMMIT_MS = 10_000;

/** Superusers' writes to the risk controls: generous for a person, a stop for a runaway script. */
export const RISK_WRITES_PER_USER: Limit = { name: 'risk-write-user', max: 60, windowMs: 60_000 };

export interface RiskServiceDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  jobs: JobQueue;
  limiter: RateLimiter;
  /** RISK_REVIEW_HOURS, answered with a held order. */
  reviewHours: number;
  now?: () => Date;
}

/**
 * Issue #29: the risk controls an operator steers. At commit (`checkCommit`, before anything is stored): a key on
 * the blocklist → 403, a key with too many unsuccessful payments lately (card testing) → 429 with Retry-After; the
 * buyer is told neither which rule nor which key. After payment the rules hold an order (risk-subscribers.ts); an
 * operator approves it (delivery queued in the approval's transaction, exactly once) or refuses it (the normal
 * refund path: 7 → 11, the refund job), each with the reason in the order's history and the audit log. The
 * blocklist and the settings are superusers' and audited.
 */
export class RiskService {
  private readonly now: () => Date;
  private keptSettings: { at: number; settings: TRiskSettings } | undefined;

  constructor(private readonly deps: RiskServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Refuses an order about to be placed: 403 for a blocked key, 429 with Retry-After for card testing. Otherwise
   * says whether Stripe should ask for 3-D Secure (`threeDSecure`): the keys had an unsuccessful payment within the
   * card-testing window, or the order is above the first-order limit (SGD equivalent). Its time is the metric
   * ezrecharge_risk_commit_check_seconds (the rules' added latency at commit, scripts/bench/risk-replay.ts).
   */
  async checkCommit(
    keys: CommitKeys,
    order: { amount: number; currency: string },
  ): Promise<{ threeDSecure: boolean }> {
    const end = riskCommitCheck.startTimer();
    try {
      const decided = await this.decideCommit(keys, order);
      end({ decision: 'allow' });
      return decided;
    } catch (err) {
      end({ decision: 'refuse' });
      throw err;
    }
  }

  private async decideCommit(
    keys: CommitKeys,
    order: { amount: number; currency: string },
  ): Promise<{ threeDSecure: boolean }> {
    const now = this.now();
    // One wait on the database: the settings are this process's (commitSettings), the blocklist and the card-testing
    // count one statement.
    const settings = await this.commitSettings(now);
    const { blocked, wait, failures } = await commitFindings(this.deps.db, settings, keys, now);
    if (blocked) {
      await this.recordRefusal('blocklist', now);
      throw new AppError('forbidden', MSG.order_refused);
    }
    if (wait) {
      await this.recordRefusal('card_testing', now);
      throw new AppError('rate_limited', MSG.order_refused_wait, undefined, undefined, {
        'retry-after': String(wait.seconds),
      });
    }
    const sgd = sgdEquivalent(settings, order.amount, order.currency);
    return { threeDSecure: failures > 0 || (sgd !== null && sgd > settings.first_order_sgd) };
  }

  /** Counted by the Sales view (sales-repository.ts riskFigures); the rule only, never the key. */
  private async recordRefusal(rule: 'blocklist' | 'card_testing', now: Date): Promise<void> {
    await this.deps.db.insert(riskRefusals).values({ rule, createdAt: now });
  }

  async listBlocklist(): Promise<TRiskBlocklistEntry[]> {
    const rows = await this.deps.db.select().from(riskBlocklist).orderBy(desc(riskBlocklist.id)).limit(5000);
    const now = this.now().getTime();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as TRiskBlocklistKind,
      value: r.value,
      reason: r.reason,
      expires_at: r.expiresAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      active: r.expiresAt === null || r.expiresAt.getTime() > now,
    }));
  }

  async addBlocklist(
    actor: AuditActor & { id: number },
    body: TRiskBlocklistCreate,
  ): Promise<TRiskBlocklistEntry> {
    await enforce(this.deps.limiter, RISK_WRITES_PER_USER, String(actor.id));
    const value = normalBlocklistValue(body.kind, body.value);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    const row = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(riskBlocklist)
        .values({ kind: body.kind, value, reason: body.reason, expiresAt, createdBy: actor.id })
        .returning();
      if (!row) throw new Error('blocklist entry not written');
      await auditChange(tx, actor, 'risk.blocklist_add', row.id, {
        kind: body.kind,
        value,
        reason: body.reason,
        expires_at: expiresAt?.toISOString() ?? null,
      });
      return row;
    });
    return {
      id: row.id,
      kind: body.kind,
      value,
      reason: row.reason,
      expires_at: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      active: row.expiresAt === null || row.expiresAt.getTime() > this.now().getTime(),
    };
  }

  async deleteBlocklist(actor: AuditActor & { id: number }, id: number): Promise<void> {
    await enforce(this.deps.limiter, RISK_WRITES_PER_USER, String(actor.id));
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(riskBlocklist).where(eq(riskBlocklist.id, id)).returning();
      if (!row) throw AppError.notFound(MSG.risk_blocklist_not_found);
      await auditChange(tx, actor, 'risk.blocklist_delete', id, {
        kind: row.kind,
        value: row.value,
        reason: row.reason,
      });
    });
  }

  settings(): Promise<TRiskSettings> {
    return readRiskSettings(this.deps.db);
  }

  /**
   * The settings the commit rules use: read at most every SETTINGS_AT_COMMIT_MS per process (a commit then waits on
   * the database once, not twice), and at once after this process saves them; another process follows a change
   * within that time. The rules at payment read them in the move's transaction.
   */
  private async commitSettings(now: Date): Promise<TRiskSettings> {
    const kept = this.keptSettings;
    if (kept && now.getTime() - kept.at < SETTINGS_AT_COMMIT_MS && now.getTime() >= kept.at)
      return kept.settings;
    const settings = await readRiskSettings(this.deps.db);
    this.keptSettings = { at: now.getTime(), settings };
    return settings;
  }

  async saveSettings(actor: AuditActor & { id: number }, settings: TRiskSettings): Promise<TRiskSettings> {
    await enforce(this.deps.limiter, RISK_WRITES_PER_USER, String(actor.id));
    await this.deps.db.transaction(async (tx) => {
      const before = await readRiskSettings(tx);
      await writeRiskSettings(tx, settings, actor.id);
      await auditChange(tx, actor, 'risk.settings', 1, { before, after: settings });
    });
    this.keptSettings = undefined;
    return settings;
  }

  /**
   * An operator's decision on an order held for review. Approve: the hold ends and the delivery job is queued in the
   * same transaction (its key is the order's: one live delivery job at most; a second decision finds no hold and is
   * refused with 409, so the delivery starts exactly once). Refuse: the hold ends and the order moves 7 → 11, whose
   * subscribers queue the refund job (the normal refund path) and withdraw bonuses and spins.
   */
  async decide(actor: AuditActor & { id: number }, orderNum: string, body: TRiskDecision): Promise<TOrder> {
    await enforce(this.deps.limiter, RISK_WRITES_PER_USER, String(actor.id));
    const { db, lifecycle } = this.deps;
    const approve = body.decision === 'approve';
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNum);
      if (!order) throw AppError.notFound(MSG.order_not_found);
      const [hold] = await tx
        .update(riskHolds)
        .set({
          state: approve ? 'approved' : 'refused',
          decidedBy: actor.id,
          decidedAt: new Date(),
          decisionReason: body.reason,
        })
        .where(and(eq(riskHolds.orderId, order.id), eq(riskHolds.state, 'held')))
        .returning();
      if (!hold || order.orderStatus !== ORDER_STATUS.PAYMENT_COMPLETED) {
        throw AppError.conflict(MSG.risk_hold_decided);
      }
      const by = `admin:${actor.id}`;
      if (approve) {
        await noteOrder(tx, orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], {
          cause: orderNote('risk_approved', { reason: body.reason }),
          actor: by,
          detail: { risk: 'approve', rule: hold.rule },
        });
        await enqueueJob(tx, deliverOrderJob.of({ order_num: orderNum }));
      } else {
        if (!order.gatewayRef) throw AppError.badRequest(MSG.refund_unavailable);
        const moved = await lifecycle.move(tx, {
          orderNum,
          to: ORDER_STATUS.REFUNDING,
          from: [ORDER_STATUS.PAYMENT_COMPLETED],
          cause: orderNote('risk_refused', { reason: body.reason }),
          actor: by,
          detail: { risk: 'refuse', rule: hold.rule, reason: body.reason },
        });
        if (!moved.moved) throw AppError.conflict(MSG.risk_hold_decided);
      }
      await auditChange(tx, actor, approve ? 'order.risk_approve' : 'order.risk_refuse', orderNum, {
        reason: body.reason,
        rule: hold.rule,
      });
    });
    this.deps.jobs.kick();
    const order = await findOrder(db, orderNum);
    if (!order) throw AppError.notFound(MSG.order_not_found);
    return apiOrderOf(db, order, { maskEmail: false, reviewHours: this.deps.reviewHours });
  }
}

import {
  MSG,
  orderNote,
  type TMismatch,
  type TReconciliationDay,
  type TReconciliationState,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayRecords, PaymentProviders } from '../../gateways';
import { writeAudit } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import { reconciliationAlertJob } from '../alerts/reconciliation-alert';
import { findOrder } from '../order-lifecycle/order-row';
import type { PaymentsService } from '../payments/payments-service';
import { compareDay } from './reconciliation-compare';
import {
  bigoOfDay,
  dayById,
  dayRow,
  type MismatchRow,
  markApplied,
  markMailed,
  mismatchById,
  mismatchesOf,
  ordersOfDay,
  storeRun,
} from './reconciliation-repository';
import { shopDayWindow } from './shop-day';

/**
 * Issue #28, the daily reconciliation of a shop day: fetch what each payment gateway recorded (its own report or
 * lists, through the PaymentProvider port), compare it with our orders and our record of their deliveries
 * (reconciliation-compare.ts), store the run and its mismatches, and e-mail ADMIN_EMAIL once about a day that is not
 * reconciled. A lost payment is applied only through PaymentsService.settleByQuery: the gateway's verified status
 * query, then the same applyPaymentOutcome a notification goes through.
 */

/** Gateways' records are fetched this much beyond the day on each side, so a payment near midnight is found. */
const MARGIN_MS = 2 * 3_600_000;

export interface ReconciliationDeps {
  db: Db;
  providers: PaymentProviders;
  payments: PaymentsService;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  timeZone: string;
  now: () => Date;
}

interface Actor {
  id: number;
  ip: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What applying a lost payment led to, as the console reads it (`appliedResultOf` in the shared schema): held (the
 * gateway's amount or currency differs from the order), moved to a status, or found in it already.
 */
function appliedResult(settled: { applied: boolean; orderStatus: number | null; held: boolean }): string {
  if (settled.held) return 'held';
  return `${settled.applied ? 'status' : 'already'}:${settled.orderStatus ?? 0}`;
}

function toApiMismatch(row: MismatchRow): TMismatch {
  return {
    id: row.id,
    kind: row.kind as TMismatch['kind'],
    gateway: row.gateway,
    order_num: row.orderNum,
    gateway_ref: row.gatewayRef,
    evidence: row.evidence as Record<string, unknown>,
    action: row.action === 'apply' ? 'apply' : null,
    applied_at: iso(row.appliedAt),
    applied_result: row.appliedResult,
  };
}

export class ReconciliationService {
  constructor(private readonly deps: ReconciliationDeps) {}

  private window(day: string) {
    return shopDayWindow(day, this.deps.timeZone);
  }

  /** The day's last run and its mismatches (state null: never run). */
  async get(day: string): Promise<TReconciliationDay> {
    const { db, timeZone } = this.deps;
    const { from, to } = this.window(day);
    const row = await dayRow(db, day);
    const summary = (row?.summary ?? {}) as Partial<TReconciliationDay>;
    return {
      date: day,
      state: (row?.state as TReconciliationState | undefined) ?? null,
      ran_at: iso(row?.ranAt ?? null),
      mailed_at: iso(row?.mailedAt ?? null),
      time_zone: timeZone,
      from: from.toISOString(),
      to: to.toISOString(),
      sources: summary.sources ?? [],
      totals: summary.totals ?? [],
      bigo: summary.bigo ?? null,
      mismatches: row ? (await mismatchesOf(db, row.id)).map(toApiMismatch) : [],
    };
  }

  /** Reconciles the day now (the morning job, or an operator's button); answers the stored result. */
  async run(day: string, actor: Actor | null): Promise<TReconciliationDay> {
    const { db, providers, jobs, log } = this.deps;
    const now = this.deps.now();
    const window = this.window(day);
    if (window.from.getTime() > now.getTime()) {
      throw new AppError(
        'bad_request',
        'A day that has not begun cannot be reconciled',
        `${day} has not begun`,
      );
    }
    const wide = {
      from: new Date(window.from.getTime() - MARGIN_MS),
      to: new Date(window.to.getTime() + MARGIN_MS),
    };
    const sources = new Map<string, GatewayRecords>();
    for (const provider of providers.all()) sources.set(provider.id, await provider.records(wide));
    const named = new Set<string>();
    for (const answer of sources.values()) {
      if (!answer.ok) continue;
      for (const r of answer.records) if (r.orderNum) named.add(r.orderNum);
    }
    const orders = await ordersOfDay(db, window, [...named]);
    const compared = compareDay({ window, now, sources, orders });
    const bigo = await bigoOfDay(db, window);
    const summary = { sources: compared.sources, totals: compared.totals, bigo };

    await db.transaction(async (tx) => {
      const row = await storeRun(tx, {
        day,
        state: compared.state,
        summary,
        ranAt: now,
        ranBy: actor?.id ?? null,
        mismatches: compared.mismatches,
      });
      if (compared.state !== 'reconciled' && (await markMailed(tx, row.id, now))) {
        const kinds: Record<string, number> = {};
        for (const m of compared.mismatches) kinds[m.kind] = (kinds[m.kind] ?? 0) + 1;
        await jobs.enqueue(
          tx,
          reconciliationAlertJob.of({
            day,
            state: compared.state === 'incomplete' ? 'incomplete' : 'mismatched',
            kinds,
            unread: compared.sources.filter((s) => !s.ok).map((s) => s.gateway),
          }),
        );
      }
    });
    log.info(
      { day, state: compared.state, mismatches: compared.mismatches.length, by: actor?.id ?? 'job' },
      'reconciliation run',
    );
    return this.get(day);
  }

  /**
   * Applies a payment the gateway took and never told us of: asks the gateway again (its verified status query)
   * and applies what it answers exactly as a notification would be. Answered with the day as it is then.
   */
  async apply(id: number, actor: Actor): Promise<{ day: TReconciliationDay; orderStatus: number | null }> {
    const { db, providers, payments } = this.deps;
    const mismatch = await mismatchById(db, id);
    if (!mismatch) throw new AppError('not_found', 'No such mismatch', `mismatch ${id} not found`);
    const day = await dayById(db, mismatch.dayId);
    if (mismatch.action !== 'apply' || !mismatch.orderNum || !day) {
      throw new AppError(
        'bad_request',
        MSG.order_action_not_allowed,
        'only a payment the gateway took and never told us of can be applied',
      );
    }
    const order = await findOrder(db, mismatch.orderNum);
    if (!order) throw new AppError('not_found', 'Order not found', `order ${mismatch.orderNum} not found`);
    if (mismatch.appliedAt !== null) {
      // Applied before: nothing is asked or applied again; the order's own status says where it is.
      return { day: await this.get(day.day), orderStatus: order.orderStatus };
    }
    const provider = providers.ofOrder(order);
    const settled = await payments.settleByQuery(
      provider,
      order.orderNum,
      orderNote('paid_by_reconciliation', { gateway: provider.displayName, day: day.day }),
    );
    if (settled.state === 'unknown') {
      throw new AppError(
        'service_unavailable',
        MSG.payment_unavailable,
        settled.reason,
        undefined,
        settled.notBefore
          ? {
              'retry-after': String(
                Math.max(1, Math.ceil((settled.notBefore.getTime() - Date.now()) / 1000)),
              ),
            }
          : undefined,
      );
    }
    if (settled.state === 'not_paid') {
      throw new AppError(
        'conflict',
        'The gateway does not report this order paid now: nothing was applied',
        settled.reason,
      );
    }
    const result = appliedResult(settled);
    await db.transaction(async (tx) => {
      await markApplied(tx, id, { at: this.deps.now(), by: actor.id, result });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'order.reconciliation_apply',
        entity: 'order',
        entityId: order.orderNum,
        detail: { day: day.day, mismatch: id, gateway: provider.id, result },
        ip: actor.ip,
      });
    });
    return { day: await this.get(day.day), orderStatus: settled.orderStatus };
  }
}

import { randomInt } from 'node:crypto';
import {
  isPrizeDelivery,
  isSpinState,
  MSG,
  pageWindow,
  prizeAt,
  type TMyRewards,
  type TPage,
  type TPrizeRecord,
  type TSpin,
  type TSpinResult,
  type TSpinSettings,
  type TSpinSettingsInput,
  toPage,
  totalWeight,
  type ZPrizeQuery,
  ZSpinSettingsInput,
} from '@ezrecharge/shared';
import type { z } from 'zod';
import { type AuditActor, auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import { enqueueJob } from '../../infra/jobs';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import { bonusesOfBuyer } from './rewards-repository';
import { deliverPrizeJob } from './spins-jobs';
import {
  availableSpins,
  findSpinWithOrder,
  lockSpin,
  pageOfPrizes,
  readSpinSettings,
  type SpinWithOrder,
  spinCost,
  spinDiamondsOf,
  spinsOfUser,
  updateSpin,
  writeSpinEvent,
  writeSpinSettings,
} from './spins-repository';

/** Spins per account: a person spins a few times; a script trying to hammer the draw gets nowhere anyway. */
export const SPIN_PER_USER: Limit = { name: 'spin-user', max: 30, windowMs: 60_000 };
/** How much history the rewards page shows. */
const HISTORY = 100;

export interface SpinsServiceDeps {
  db: Db;
  limiter: RateLimiter;
}

export function toApiSpin(row: SpinWithOrder): TSpin {
  return {
    id: row.id,
    state: isSpinState(row.state) ? row.state : 'withdrawn',
    order_num: row.orderNum,
    game_id: row.gameId,
    prize_diamonds: row.prizeDiamonds,
    delivery: row.delivery !== null && isPrizeDelivery(row.delivery) ? row.delivery : null,
    created_at: row.createdAt.toISOString(),
    spun_at: row.spunAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

function toPrizeRecord(row: SpinWithOrder & { username: string | null }): TPrizeRecord {
  return {
    ...toApiSpin(row),
    user_id: row.userId,
    username: row.username,
    bu_orderid: row.buOrderid,
    failure_reason: row.failureReason,
  };
}

/**
 * Spins (README.md): the buyer's rewards page and the spin itself, and the console's settings, prize list and
 * resend. The draw happens in the spin's transaction with the spin row locked, so a spin is drawn once however
 * often it is asked for; the prize's delivery job is queued in the same transaction.
 */
export class SpinsService {
  constructor(private readonly deps: SpinsServiceDeps) {}

  async myRewards(userId: number): Promise<TMyRewards> {
    const { db } = this.deps;
    const settings = await readSpinSettings(db);
    const [spinRows, bonusRows, diamonds] = await Promise.all([
      spinsOfUser(db, userId, HISTORY),
      bonusesOfBuyer(db, userId, HISTORY),
      spinDiamondsOf(db, userId),
    ]);
    return {
      spins_active: settings.active,
      diamonds_per_spin: settings.diamondsPerSpin,
      progress_diamonds: diamonds % settings.diamondsPerSpin,
      prize_amounts: [...new Set(settings.prizes.map((p) => p.diamonds))].sort((a, b) => a - b),
      spins: spinRows.map(toApiSpin),
      bonuses: bonusRows.map((b) => ({
        kind: b.kind === 'code' || b.kind === 'welcome' ? b.kind : 'channel',
        name: b.name,
        code: b.code,
        diamonds: b.diamonds,
        state: b.state === 'delivered' || b.state === 'withdrawn' ? b.state : 'granted',
        order_num: b.orderNum,
        created_at: b.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Spins one of the buyer's available spins. A spin already spun answers its prize again (a repeated click or a
   * retried request draws nothing new).
   */
  async spin(userId: number, spinId: number): Promise<TSpinResult> {
    await enforce(this.deps.limiter, SPIN_PER_USER, String(userId));
    await this.deps.db.transaction(async (tx) => {
      const spin = await lockSpin(tx, spinId, userId);
      if (!spin) throw AppError.notFound(MSG.spin_not_found);
      if (spin.state === 'spun') return;
      if (spin.state === 'pending') throw AppError.conflict(MSG.spin_pending);
      if (spin.state !== 'available') throw AppError.conflict(MSG.spin_withdrawn);
      const settings = await readSpinSettings(tx, 'share');
      if (!settings.active) throw AppError.conflict(MSG.spins_paused);
      const total = totalWeight(settings.prizes);
      // A uniform whole number in [0, total) from the system's CSPRNG.
      const draw = randomInt(total);
      const prize = prizeAt(settings.prizes, draw).diamonds;
      await updateSpin(tx, spin.id, {
        state: 'spun',
        prizeDiamonds: prize,
        delivery: prize > 0 ? 'queued' : 'none',
        spunAt: new Date(),
      });
      await writeSpinEvent(tx, spin.id, {
        cause: prize > 0 ? `spun: won ${prize} diamonds for BIGO ID ${spin.gameId}` : 'spun: no prize',
        actor: `user:${userId}`,
        detail: { state: 'spun', prize, draw, total_weight: total, prizes: settings.prizes },
      });
      if (prize > 0) await enqueueJob(tx, deliverPrizeJob.of({ spin_id: spin.id }));
    });
    const row = await findSpinWithOrder(this.deps.db, spinId);
    if (!row) throw AppError.notFound(MSG.spin_not_found);
    return { spin: toApiSpin(row), available: await availableSpins(this.deps.db, userId) };
  }

  async settings(): Promise<TSpinSettings> {
    const { db } = this.deps;
    const [row, cost] = await Promise.all([readSpinSettings(db), spinCost(db)]);
    return {
      active: row.active,
      diamonds_per_spin: row.diamondsPerSpin,
      prizes: row.prizes.map(({ diamonds, weight }) => ({ diamonds, weight })),
      spins_granted: cost.granted,
      spins_spun: cost.spun,
      prize_diamonds_delivered: cost.delivered,
      prize_diamonds_queued: cost.queued,
      prizes_failed: cost.failed,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** Spins already earned and prizes already drawn keep what they have; later grants and draws use the new values. */
  async saveSettings(actor: AuditActor, raw: TSpinSettingsInput): Promise<TSpinSettings> {
    const input = ZSpinSettingsInput.parse(raw);
    await this.deps.db.transaction(async (tx) => {
      const before = await readSpinSettings(tx, 'update');
      const values = { active: input.active, diamondsPerSpin: input.diamonds_per_spin, prizes: input.prizes };
      await writeSpinSettings(tx, values);
      await auditChange(tx, actor, 'spin.settings', null, {
        before: { active: before.active, diamonds_per_spin: before.diamondsPerSpin, prizes: before.prizes },
        after: { active: values.active, diamonds_per_spin: values.diamondsPerSpin, prizes: values.prizes },
      });
    });
    return this.settings();
  }

  async prizes(query: z.infer<typeof ZPrizeQuery>): Promise<TPage<TPrizeRecord>> {
    const { rows, total } = await pageOfPrizes(this.deps.db, query.delivery, pageWindow(query));
    return toPage(rows.map(toPrizeRecord), total, query);
  }

  /**
   * Sends a failed prize again (failed → queued, the job queued, audited): for a failure an operator has fixed
   * (BIGO ID, reseller balance). Its bu_orderid stays, so BIGO can never credit it twice.
   */
  async resend(actor: AuditActor, spinId: number): Promise<TPrizeRecord> {
    await this.deps.db.transaction(async (tx) => {
      const spin = await lockSpin(tx, spinId);
      if (!spin) throw AppError.notFound(MSG.spin_not_found);
      if (spin.delivery !== 'failed') {
        throw AppError.badRequest(MSG.prize_not_failed);
      }
      await updateSpin(tx, spin.id, { delivery: 'queued', failureReason: null });
      await writeSpinEvent(tx, spin.id, {
        cause: 'prize sent again by an operator',
        actor: `admin:${actor.id ?? 'unknown'}`,
        detail: { delivery: 'queued' },
      });
      await auditChange(tx, actor, 'spin.resend', spin.id, { bu_orderid: spin.buOrderid });
      await enqueueJob(tx, deliverPrizeJob.of({ spin_id: spin.id }));
    });
    const { rows } = await pageOfPrizes(this.deps.db, undefined, { limit: 1, offset: 0 }, spinId);
    const [row] = rows;
    if (!row) throw AppError.notFound(MSG.spin_not_found);
    return toPrizeRecord(row);
  }
}

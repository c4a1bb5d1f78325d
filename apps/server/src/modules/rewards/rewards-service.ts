import {
  decideBonus,
  isCurrency,
  MAX_ORDER_DIAMONDS,
  MESSAGES,
  MSG,
  pageWindow,
  promotionLive,
  type TLiveOffers,
  type TOrderBonus,
  type TPage,
  type TPageQuery,
  type TPromotion,
  type TPromotionInput,
  type TRewardQuote,
  type TRewardQuoteInput,
  toPage,
  ZPromotionInput,
  ZRewardQuoteInput,
} from '@ezrecharge/shared';
import { type AuditActor, auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { uniqueViolation } from '../../infra/db-errors';
import { AppError } from '../../infra/http';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import { decideAtCommit, type OrderFacts, ruleOf } from './rewards-grants';
import {
  activePromotions,
  activePromotionWindows,
  costOfPromotions,
  findPriceForQuote,
  findPromotion,
  insertPromotion,
  listPromotions,
  lockPromotions,
  type PromotionCost,
  type PromotionRow,
  type PromotionValues,
  promotionUsage,
  updatePromotion,
} from './rewards-repository';
import { readSpinSettings } from './spins-repository';

/** Quotes per client address: the form asks on every change of pack, quantity or code; a quote writes nothing (as cheap as an order read). */
export const REWARD_QUOTE_PER_IP: Limit = { name: 'reward-quote-ip', max: 120, windowMs: 60_000 };

const CODE_INDEX = 'promotions_code_uq';

export interface RewardsServiceDeps {
  db: Db;
  limiter: RateLimiter;
  now?: () => Date;
}

/** A promotion row with its cost figures, as the console shows it (ZPromotion). */
export function toApiPromotion(row: PromotionRow, cost: PromotionCost | undefined): TPromotion {
  const rule = ruleOf(row);
  return {
    id: row.id,
    kind: rule.kind,
    name: row.name,
    code: row.code,
    bonus_type: rule.bonus_type,
    bonus_value: row.bonusValue,
    currencies: [...rule.currencies],
    product_ids: [...row.productIds],
    channels: [...row.channels],
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
    budget_diamonds: row.budgetDiamonds,
    uses_per_buyer: row.usesPerBuyer,
    min_spend: { ...rule.min_spend },
    active: row.active,
    delivered_diamonds: cost?.deliveredDiamonds ?? 0,
    reserved_diamonds: cost?.reservedDiamonds ?? 0,
    orders: cost?.orders ?? 0,
    revenue: { ...(cost?.revenue ?? {}) } as TPromotion['revenue'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns of a console input (parsed by ZPromotionInput: code upper case, defaults filled). */
function valuesOf(raw: TPromotionInput): Omit<PromotionValues, 'active'> {
  const input = ZPromotionInput.parse(raw);
  return {
    kind: input.kind,
    name: input.name,
    code: input.kind === 'code' ? input.code : null,
    bonusType: input.bonus_type,
    bonusValue: input.bonus_value,
    currencies: input.currencies,
    productIds: input.product_ids,
    channels: input.kind === 'channel' ? input.channels : [],
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validTo: input.valid_to ? new Date(input.valid_to) : null,
    budgetDiamonds: input.budget_diamonds,
    usesPerBuyer: input.kind === 'welcome' ? 1 : input.uses_per_buyer,
    minSpend: input.min_spend as Record<string, number>,
  };
}

/** The one unique index of promotions besides the key is the code's (a driver may not name it: '' then). */
function codeTaken(err: unknown): AppError | null {
  const index = uniqueViolation(err);
  if (index === null || (index !== '' && index !== CODE_INDEX)) return null;
  return AppError.badRequest(MSG.promotion_code_taken, { code: MSG.promotion_code_taken });
}

/**
 * Rewards (issue #16): the quote the recharge form shows before paying, and the console's promotions. The grants
 * themselves run inside the order's own transactions (rewards-grants.ts).
 */
export class RewardsService {
  private readonly now: () => Date;

  constructor(private readonly deps: RewardsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * POST /rewards/quote: the same rule as the commit, without a lock or a write. A refused code is an answer
   * (`promo.applied` false with its reason), not an error.
   */
  async quote(raw: TRewardQuoteInput, caller: { userId: number | null; ip: string }): Promise<TRewardQuote> {
    await enforce(this.deps.limiter, REWARD_QUOTE_PER_IP, caller.ip);
    const input = ZRewardQuoteInput.parse(raw);
    const price = await findPriceForQuote(this.deps.db, input.price_id);
    if (!price?.released || !isCurrency(price.currency)) {
      throw AppError.badRequest(MSG.order_price_unavailable, { price_id: MSG.order_price_unavailable });
    }
    const facts: OrderFacts = {
      currency: price.currency,
      productId: price.productId,
      amount: price.unitAmount * input.quantity,
      amountGame: price.gameAmount * input.quantity,
    };
    if (facts.amountGame > MAX_ORDER_DIAMONDS) {
      throw AppError.badRequest(MSG.payment_quantity_tips, { quantity: MSG.payment_quantity_tips });
    }
    const now = this.now();
    const buyer = { userId: caller.userId, gameId: input.game_id };
    const decision = await decideAtCommit(this.deps.db, {
      facts,
      buyer,
      promoCode: input.promo_code,
      now,
      lock: false,
    });
    const bonuses: TOrderBonus[] = [];
    let promo: TRewardQuote['promo'] = null;
    if (decision.code) {
      const verdict = decision.code.verdict;
      const result = verdict?.decision ?? { ok: false as const, reason: MSG.promo_not_found };
      if (verdict && result.ok) {
        bonuses.push({
          kind: 'code',
          name: verdict.promotion.name,
          code: verdict.promotion.code,
          diamonds: result.diamonds,
          state: 'quoted',
        });
      }
      promo = {
        code: decision.code.code,
        applied: result.ok,
        reason_key: result.ok ? null : result.reason,
        reason: result.ok ? null : MESSAGES[result.reason],
      };
    }
    if (decision.welcome?.decision.ok) {
      bonuses.push({
        kind: 'welcome',
        name: decision.welcome.promotion.name,
        code: null,
        diamonds: decision.welcome.decision.diamonds,
        state: 'quoted',
      });
    }
    const channelOffers: TRewardQuote['channel_offers'] = [];
    for (const row of await activePromotions(this.deps.db, 'channel')) {
      const usage = await promotionUsage(this.deps.db, row.id, { ...buyer, both: false });
      const offer = decideBonus(ruleOf(row), {
        currency: facts.currency,
        product_id: facts.productId,
        amount: facts.amount,
        amount_game: facts.amountGame,
        now,
        channel: row.channels[0] ?? null,
        uses_by_buyer: usage.usesByBuyer,
        budget_used: usage.budgetUsed,
      });
      if (offer.ok)
        channelOffers.push({ name: row.name, channels: [...row.channels], diamonds: offer.diamonds });
    }
    return {
      amount_game: facts.amountGame,
      bonuses,
      bonus_game: bonuses.reduce((sum, b) => sum + b.diamonds, 0),
      promo,
      channel_offers: channelOffers,
    };
  }

  /**
   * GET /rewards/live: the offers the posters and the About page may advertise now (issue #32: a paused or
   * expired promotion, or the spins switched off, is not advertised). Promo codes count as a whole: the posters
   * invite buyers to look for codes, never name one.
   */
  async liveOffers(): Promise<TLiveOffers> {
    const now = this.now();
    const live = (await activePromotionWindows(this.deps.db)).filter((row) =>
      promotionLive(
        {
          active: true,
          valid_from: row.validFrom?.toISOString() ?? null,
          valid_to: row.validTo?.toISOString() ?? null,
        },
        now,
      ),
    );
    const bankTransfer = new Set(
      live.filter((row) => row.kind === 'channel').flatMap((row) => row.currencies),
    );
    return {
      bank_transfer: [...bankTransfer].sort(),
      welcome: live.some((row) => row.kind === 'welcome'),
      promo_codes: live.some((row) => row.kind === 'code'),
      spins: (await readSpinSettings(this.deps.db)).active,
    };
  }

  // ---- console (superusers) ----

  private async withCost(rows: readonly PromotionRow[]): Promise<TPromotion[]> {
    const costs = await costOfPromotions(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toApiPromotion(row, costs.get(row.id)));
  }

  async list(query: TPageQuery): Promise<TPage<TPromotion>> {
    const { rows, total } = await listPromotions(this.deps.db, pageWindow(query));
    return toPage(await this.withCost(rows), total, query);
  }

  async get(id: number): Promise<TPromotion> {
    const row = await findPromotion(this.deps.db, id);
    if (!row) throw AppError.notFound(MSG.promotion_not_found);
    const [promotion] = await this.withCost([row]);
    if (!promotion) throw AppError.notFound(MSG.promotion_not_found);
    return promotion;
  }

  /** New promotions start paused: an operator resumes one when it is ready. */
  async create(actor: AuditActor, input: TPromotionInput): Promise<TPromotion> {
    const values = valuesOf(input);
    let row: PromotionRow;
    try {
      row = await this.deps.db.transaction(async (tx) => {
        const inserted = await insertPromotion(tx, { ...values, active: false });
        await auditChange(tx, actor, 'promotion.create', inserted.id, { input: auditable(values) });
        return inserted;
      });
    } catch (err) {
      throw codeTaken(err) ?? err;
    }
    return this.get(row.id);
  }

  /**
   * Edits every field but the state (pause/resume) and the kind. Bonuses already granted keep their diamonds and
   * code (order_bonuses holds both); only later orders see the change.
   */
  async update(actor: AuditActor, id: number, input: TPromotionInput): Promise<TPromotion> {
    const values = valuesOf(input);
    try {
      await this.deps.db.transaction(async (tx) => {
        const [before] = await lockPromotions(tx, [id]);
        if (!before) throw AppError.notFound(MSG.promotion_not_found);
        if (before.kind !== values.kind) {
          throw AppError.badRequest(MSG.promotion_kind_invalid, { kind: MSG.promotion_kind_invalid });
        }
        await updatePromotion(tx, id, values);
        await auditChange(tx, actor, 'promotion.update', id, {
          before: auditable(before),
          after: auditable(values),
        });
      });
    } catch (err) {
      throw codeTaken(err) ?? err;
    }
    return this.get(id);
  }

  async setActive(actor: AuditActor, id: number, active: boolean): Promise<TPromotion> {
    await this.deps.db.transaction(async (tx) => {
      const [before] = await lockPromotions(tx, [id]);
      if (!before) throw AppError.notFound(MSG.promotion_not_found);
      if (before.active === active) return;
      await updatePromotion(tx, id, { active });
      await auditChange(tx, actor, active ? 'promotion.resume' : 'promotion.pause', id, {
        name: before.name,
      });
    });
    return this.get(id);
  }
}

/** The fields of a promotion as the audit row keeps them. */
function auditable(v: Omit<PromotionValues, 'active'>): Record<string, unknown> {
  return {
    kind: v.kind,
    name: v.name,
    code: v.code ?? null,
    bonus_type: v.bonusType,
    bonus_value: v.bonusValue,
    currencies: v.currencies ?? [],
    product_ids: v.productIds ?? [],
    channels: v.channels ?? [],
    valid_from: v.validFrom?.toISOString() ?? null,
    valid_to: v.validTo?.toISOString() ?? null,
    budget_diamonds: v.budgetDiamonds ?? null,
    uses_per_buyer: v.usesPerBuyer ?? null,
    min_spend: v.minSpend ?? {},
  };
}

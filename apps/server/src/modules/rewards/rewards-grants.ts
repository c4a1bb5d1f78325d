import {
  decideBonus,
  isCurrency,
  MSG,
  ORDER_STATUS,
  orderNote,
  type TBonusDecision,
  type TCurrency,
  type TOrderNote,
  type TOrderStatus,
  type TPromotionKind,
  type TPromotionRule,
} from '@ezrecharge/shared';
import type { DbOrTx } from '../../infra/db';
import { noteOrder } from '../order-lifecycle/order-moves';
import type { OrderRow } from '../order-lifecycle/order-row';
import {
  activePromotions,
  type BuyerKey,
  bonusesOfOrder,
  findPromotionByCode,
  hasPaidOrder,
  insertBonus,
  lockPromotions,
  type OrderBonusRow,
  type PromotionRow,
  paidFromStatus,
  promotionUsage,
  setBonusState,
} from './rewards-repository';
import { earnSpins, unlockSpins, withdrawSpins } from './spins-grants';

/**
 * The grants of the rewards module (README.md): run inside the transaction of the order change they belong to —
 * the commit (code, welcome), the move to 7 (channel; a revived order's earlier grants checked again), the move to
 * 9 (delivered) and the move into 11 (withdrawn). Every grant locks its promotion rows first (in id order, so two
 * grants never wait on each other in a circle), counts under the lock, and asks the shared rule (`decideBonus`).
 */

/** Whether any welcome promotion is on offer (the commit opens its transaction only when a bonus may apply). */
export async function welcomeOnOffer(db: DbOrTx): Promise<boolean> {
  return (await activePromotions(db, 'welcome')).length > 0;
}

/** A promotion row as the shared rule reads it. */
export function ruleOf(row: PromotionRow): TPromotionRule {
  return {
    kind: row.kind as TPromotionKind,
    bonus_type: row.bonusType as TPromotionRule['bonus_type'],
    bonus_value: row.bonusValue,
    currencies: row.currencies.filter(isCurrency),
    product_ids: row.productIds,
    channels: row.channels,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    budget_diamonds: row.budgetDiamonds,
    uses_per_buyer: row.usesPerBuyer,
    min_spend: row.minSpend as TPromotionRule['min_spend'],
    active: row.active,
  };
}

/** What an order is, for the rule. */
export interface OrderFacts {
  currency: TCurrency;
  productId: number | null;
  amount: number;
  amountGame: number;
}

/** Who buys: the signed-in account (if any) and the BIGO ID ('' when not typed yet: a quote). */
export interface Buyer {
  userId: number | null;
  gameId: string;
}

/** One promotion's verdict on one order. */
export interface Verdict {
  promotion: PromotionRow;
  decision: TBonusDecision;
}

/** The commit's bonuses: the typed code's verdict (null: none typed) and the welcome bonus (null: none applies). */
export interface CommitDecision {
  code: { code: string; verdict: Verdict | null } | null;
  welcome: Verdict | null;
}

/** The bonuses of a decision that apply, code first. */
export function grantsOf(decision: CommitDecision): { promotion: PromotionRow; diamonds: number }[] {
  const out: { promotion: PromotionRow; diamonds: number }[] = [];
  for (const v of [decision.code?.verdict ?? null, decision.welcome]) {
    if (v?.decision.ok) out.push({ promotion: v.promotion, diamonds: v.decision.diamonds });
  }
  return out;
}

/** The refusal of the typed code (unknown codes read as "not found"), or null when it applies or none was typed. */
export function codeRefusal(decision: CommitDecision): (TBonusDecision & { ok: false }) | null {
  if (!decision.code) return null;
  const verdict = decision.code.verdict;
  if (!verdict) return { ok: false, reason: MSG.promo_not_found };
  return verdict.decision.ok ? null : verdict.decision;
}

/** The count a per-buyer limit reads for this buyer (and the welcome bonus's "no earlier paid order"). */
async function usesOf(
  db: DbOrTx,
  promotion: PromotionRow,
  buyer: Buyer,
  exceptOrderId: number | null,
): Promise<{ budgetUsed: number; usesByBuyer: number }> {
  const welcome = promotion.kind === 'welcome';
  const key: BuyerKey = { userId: buyer.userId, gameId: buyer.gameId, both: welcome };
  const usage = await promotionUsage(db, promotion.id, key, exceptOrderId);
  if (welcome && usage.usesByBuyer === 0 && (await hasPaidOrder(db, buyer, exceptOrderId))) {
    return { ...usage, usesByBuyer: 1 };
  }
  return usage;
}

async function verdictOf(
  db: DbOrTx,
  promotion: PromotionRow,
  facts: OrderFacts,
  buyer: Buyer,
  now: Date,
  channel: string | null = null,
): Promise<Verdict> {
  const usage = await usesOf(db, promotion, buyer, null);
  const decision = decideBonus(ruleOf(promotion), {
    currency: facts.currency,
    product_id: facts.productId,
    amount: facts.amount,
    amount_game: facts.amountGame,
    now,
    channel,
    uses_by_buyer: usage.usesByBuyer,
    budget_used: usage.budgetUsed,
  });
  return { promotion, decision };
}

/**
 * The code and welcome bonuses of an order about to be made. `lock`: inside the commit's transaction, the
 * promotion rows are locked before counting (the grant); without, nothing is locked (the quote). A welcome bonus
 * needs a signed-in buyer.
 */
export async function decideAtCommit(
  db: DbOrTx,
  input: { facts: OrderFacts; buyer: Buyer; promoCode: string; now: Date; lock: boolean },
): Promise<CommitDecision> {
  const { facts, buyer, promoCode, now, lock } = input;
  let codeRow = promoCode ? await findPromotionByCode(db, promoCode) : undefined;
  let welcomeRows = buyer.userId !== null ? await activePromotions(db, 'welcome') : [];
  if (lock) {
    const locked = new Map(
      (await lockPromotions(db, [...(codeRow ? [codeRow.id] : []), ...welcomeRows.map((r) => r.id)])).map(
        (r) => [r.id, r],
      ),
    );
    codeRow = codeRow ? locked.get(codeRow.id) : undefined;
    welcomeRows = welcomeRows.flatMap((r) => {
      const fresh = locked.get(r.id);
      return fresh ? [fresh] : [];
    });
  }
  const code = promoCode
    ? { code: promoCode, verdict: codeRow ? await verdictOf(db, codeRow, facts, buyer, now) : null }
    : null;
  let welcome: Verdict | null = null;
  for (const row of welcomeRows) {
    const verdict = await verdictOf(db, row, facts, buyer, now);
    if (verdict.decision.ok) {
      welcome = verdict;
      break;
    }
  }
  return { code, welcome };
}

/** The `detail` of a bonus's event row. */
function bonusDetail(bonus: OrderBonusRow, state: OrderBonusRow['state']) {
  return { bonus: { promotion_id: bonus.promotionId, kind: bonus.kind, diamonds: bonus.diamonds, state } };
}

/** What the event says: "bonus granted: code SUMMER100 +100 diamonds" (a note, issue #32). */
function bonusLabel(promotion: PromotionRow, diamonds: number): TOrderNote {
  if (promotion.kind === 'code') return orderNote('bonus_code', { code: promotion.code ?? '', diamonds });
  return orderNote(promotion.kind === 'welcome' ? 'bonus_welcome' : 'bonus_channel', {
    name: promotion.name,
    diamonds,
  });
}

/** A bonus by its kind alone: "code +100 diamonds". */
function bonusKindLabel(kind: string, diamonds: number): TOrderNote {
  if (kind === 'welcome') return orderNote('bonus_kind_welcome', { diamonds });
  if (kind === 'channel') return orderNote('bonus_kind_channel', { diamonds });
  return orderNote('bonus_kind_code', { diamonds });
}

/**
 * Records the commit's grants on the order just created in the same transaction (its `bonus_game` already holds
 * their sum): one `order_bonuses` row and one event each.
 */
export async function recordCommitGrants(
  tx: DbOrTx,
  order: OrderRow,
  grants: readonly { promotion: PromotionRow; diamonds: number }[],
  actor: string,
): Promise<void> {
  const status = order.orderStatus as TOrderStatus;
  for (const { promotion, diamonds } of grants) {
    const bonus = await insertBonus(tx, {
      orderId: order.id,
      promotionId: promotion.id,
      kind: promotion.kind,
      code: promotion.kind === 'code' ? promotion.code : null,
      diamonds,
      userId: order.createdBy,
      gameId: order.gameId,
      state: 'granted',
    });
    await noteOrder(tx, order.orderNum, [status], {
      cause: orderNote('bonus_granted', { bonus: bonusLabel(promotion, diamonds) }),
      actor,
      detail: bonusDetail(bonus, 'granted'),
    });
  }
}

/** Statuses a late payment revives an order from: its grants did not count while it was there. */
const REVIVED_FROM: readonly number[] = [
  ORDER_STATUS.PAYMENT_CANCELLED,
  ORDER_STATUS.PAYMENT_FAILED,
  ORDER_STATUS.PAYMENT_TIMEOUT,
];

/** Whether a grant of a revived order still fits its promotion's budget and per-buyer limit (others only). */
async function stillFits(tx: DbOrTx, promotion: PromotionRow, bonus: OrderBonusRow, order: OrderRow) {
  const buyer = { userId: order.createdBy, gameId: order.gameId };
  const usage = await usesOf(tx, promotion, buyer, order.id);
  if (promotion.budgetDiamonds !== null && usage.budgetUsed + bonus.diamonds > promotion.budgetDiamonds) {
    return false;
  }
  const perBuyer = promotion.kind === 'welcome' ? 1 : promotion.usesPerBuyer;
  return perBuyer === null || usage.usesByBuyer < perBuyer;
}

/**
 * The rewards of the move to 7, in its transaction (payment-outcomes.ts `onPaid`, wired by the payments module):
 * 1. an order revived by late money (4/5/6 → 7) checks its earlier code and welcome grants again — they did not
 *    count while it was dead — and withdraws one that no longer fits (state withdrawn, bonus_game reduced, event);
 * 2. every active channel promotion whose channels name the verified payment channel grants its bonus;
 * and first, a signed-in buyer's order earns its spins (spins-grants.ts).
 * The order is still in 7 here, so bonus_game is final before the delivery job (7 → 8) reads it.
 */
export async function rewardsOnPaid(tx: DbOrTx, order: OrderRow): Promise<void> {
  await earnSpins(tx, order);
  const revived = REVIVED_FROM.includes((await paidFromStatus(tx, order.id)) ?? -1);
  const own = await bonusesOfOrder(tx, order.id);
  const recheck = revived ? own.filter((b) => b.state === 'granted' && b.kind !== 'channel') : [];
  const channelRows = order.paymentChannel ? await activePromotions(tx, 'channel') : [];
  const locked = await lockPromotions(tx, [
    ...recheck.map((b) => b.promotionId),
    ...channelRows.map((r) => r.id),
  ]);
  const byId = new Map(locked.map((r) => [r.id, r]));

  for (const bonus of recheck) {
    const promotion = byId.get(bonus.promotionId);
    if (!promotion || (await stillFits(tx, promotion, bonus, order))) continue;
    await setBonusState(tx, order.id, 'granted', 'withdrawn', bonus.id);
    await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], async (_tx, current) => ({
      cause: orderNote('bonus_withdrawn_revived', { bonus: bonusLabel(promotion, bonus.diamonds) }),
      actor: 'system',
      detail: bonusDetail(bonus, 'withdrawn'),
      set: { bonusGame: Math.max(0, current.bonusGame - bonus.diamonds) },
    }));
  }

  if (!order.paymentChannel || !isCurrency(order.currency)) return;
  const facts: OrderFacts = {
    currency: order.currency,
    productId: order.productId,
    amount: order.amount,
    amountGame: order.amountGame,
  };
  const buyer = { userId: order.createdBy, gameId: order.gameId };
  const held = new Set(own.map((b) => b.promotionId));
  for (const promotion of locked) {
    if (promotion.kind !== 'channel' || !promotion.active || held.has(promotion.id)) continue;
    const { decision } = await verdictOf(
      tx,
      promotion,
      facts,
      buyer,
      order.paidAt ?? new Date(),
      order.paymentChannel,
    );
    if (!decision.ok) continue;
    const bonus = await insertBonus(tx, {
      orderId: order.id,
      promotionId: promotion.id,
      kind: 'channel',
      code: null,
      diamonds: decision.diamonds,
      userId: order.createdBy,
      gameId: order.gameId,
      state: 'granted',
    });
    await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], async (_tx, current) => ({
      cause: orderNote('bonus_granted_channel', {
        bonus: bonusLabel(promotion, decision.diamonds),
        channel: order.paymentChannel ?? '',
      }),
      actor: 'system',
      detail: bonusDetail(bonus, 'granted'),
      set: { bonusGame: current.bonusGame + decision.diamonds },
    }));
  }
}

/**
 * The move to 9, in its transaction: the granted bonuses went out in the order's one rs_recharge call
 * (amount_game + bonus_game), so they are delivered now; the spins the order earned can be used.
 */
export async function rewardsOnDelivered(tx: DbOrTx, order: OrderRow): Promise<void> {
  await setBonusState(tx, order.id, 'granted', 'delivered');
  await unlockSpins(tx, order);
}

/**
 * The move into 11 (refund started), in its transaction: bonuses not delivered are withdrawn, each with an event,
 * and leave `bonus_game` (granted or delivered bonuses only, as the API says), so the result page and the refund
 * notices promise no bonus; so are the order's unspent spins (spins-grants.ts). Safe here: an order in 11 never
 * returns to 8, so no delivery call reads it again; what the failed calls carried stays in the order's events.
 */
export async function rewardsOnRefund(tx: DbOrTx, order: OrderRow, actor: string): Promise<void> {
  await withdrawSpins(tx, order, actor);
  const withdrawn = await setBonusState(tx, order.id, 'granted', 'withdrawn');
  for (const bonus of withdrawn) {
    await noteOrder(tx, order.orderNum, [ORDER_STATUS.REFUNDING], async (_tx, current) => ({
      cause: orderNote('bonus_withdrawn_refund', { bonus: bonusKindLabel(bonus.kind, bonus.diamonds) }),
      actor,
      detail: bonusDetail(bonus, 'withdrawn'),
      set: { bonusGame: Math.max(0, current.bonusGame - bonus.diamonds) },
    }));
  }
}

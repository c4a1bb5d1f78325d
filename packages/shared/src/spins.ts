/**
 * Spins (issue #16, SPEC.md §1: "one spin per 600 diamonds recharged, spin prize up to 1200 diamonds"). A signed-in
 * buyer earns one spin per `diamonds_per_spin` diamonds bought (amount_game, bonuses not counted) on orders paid
 * while spins are on; a spin unlocks when the order that earned it is delivered and is withdrawn if that order is
 * refunded first. A spin draws one prize of the operator's table, weighted, with the server's CSPRNG; a prize of
 * diamonds is delivered through BIGO as its own recharge with its own bu_orderid (`prizeOrderId`).
 */

export const DEFAULT_DIAMONDS_PER_SPIN = 600;
/** The largest prize the shop advertises. */
export const MAX_SPIN_PRIZE = 1200;
export const MAX_PRIZE_ROWS = 12;
export const MAX_PRIZE_WEIGHT = 1_000_000;
export const MIN_DIAMONDS_PER_SPIN = 100;
export const MAX_DIAMONDS_PER_SPIN = 100_000;

export const SPIN_STATES = ['pending', 'available', 'spun', 'withdrawn'] as const;
export type TSpinState = (typeof SPIN_STATES)[number];

/** A spun prize's delivery: none (a prize of 0), queued, charging (a BIGO call under way), delivered, failed. */
export const PRIZE_DELIVERY_STATES = ['none', 'queued', 'charging', 'delivered', 'failed'] as const;
export type TPrizeDelivery = (typeof PRIZE_DELIVERY_STATES)[number];

export interface TSpinPrize {
  /** 0 = no prize ("better luck next time"). */
  diamonds: number;
  /** Relative chance, a whole number ≥ 1. */
  weight: number;
}

/** The spins a buyer is owed in all for `diamonds` bought while spins were on. */
export function spinsEarned(diamonds: number, diamondsPerSpin: number): number {
  if (diamondsPerSpin <= 0 || diamonds <= 0) return 0;
  return Math.floor(diamonds / diamondsPerSpin);
}

export const totalWeight = (prizes: readonly TSpinPrize[]): number =>
  prizes.reduce((sum, prize) => sum + prize.weight, 0);

/**
 * The prize a draw picks: `draw` is a uniform whole number in [0, totalWeight) (crypto.randomInt on the server),
 * each prize owning a run of `weight` numbers in table order.
 */
export function prizeAt(prizes: readonly TSpinPrize[], draw: number): TSpinPrize {
  const total = totalWeight(prizes);
  if (!Number.isInteger(draw) || draw < 0 || draw >= total) {
    throw new RangeError(`draw ${draw} is outside [0, ${total})`);
  }
  let left = draw;
  for (const prize of prizes) {
    if (left < prize.weight) return prize;
    left -= prize.weight;
  }
  throw new RangeError('unreachable: the weights add up to the total');
}

/**
 * A prize's bu_orderid: the earning order's number, `S` and the spin's place among that order's spins ("EZ…_S2").
 * At most 40 characters of [0-9A-Za-z_] (BIGO's limit) for the 24- and 30-character order numbers; never equal to an
 * order's own number, so BIGO can never take a prize for the order's delivery or the other way round.
 */
export function prizeOrderId(orderNum: string, seq: number): string {
  return `${orderNum}_S${seq}`;
}

export const isSpinState = (value: string): value is TSpinState =>
  (SPIN_STATES as readonly string[]).includes(value);
export const isPrizeDelivery = (value: string): value is TPrizeDelivery =>
  (PRIZE_DELIVERY_STATES as readonly string[]).includes(value);

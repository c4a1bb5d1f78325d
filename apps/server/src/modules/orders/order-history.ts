import type { TOrderEvent } from '@ezrecharge/shared';

/**
 * An order's history as the console shows it (issue #32): a delivery BIGO refuses again and again wrote fourteen
 * identical "8 → 8 BIGO not reached, will retry: …" rows, burying the moves that matter. Consecutive events alike
 * in everything but their time (the same statuses, cause, actor and whatever else describes the move) are shown as
 * one, with how many there were (`count`) and when the first (`created_at`) and the last (`last_at`) happened;
 * likewise a block of moves repeated as a whole (each retry of a delivery writes two).
 * Only the answer is collapsed: every event stays its own row in order_events, the audit record.
 */

/** The fields that only say when: everything else must be equal for two events to be one row. */
const TIME_FIELDS: ReadonlySet<string> = new Set(['created_at', 'last_at', 'count']);

function sameMove(a: TOrderEvent, b: TOrderEvent): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (TIME_FIELDS.has(key)) continue;
    const left: unknown = a[key as keyof TOrderEvent];
    const right: unknown = b[key as keyof TOrderEvent];
    if (left === right) continue;
    // Structured values (a message's parameters) are compared by content.
    if (
      typeof left !== 'object' ||
      typeof right !== 'object' ||
      JSON.stringify(left) !== JSON.stringify(right)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * The longest block of events that repeats as a whole. A retried delivery writes two events per attempt ("delivery
 * resumed", then "BIGO not reached, will retry: …"), so its repeats are pairs, not single events.
 */
const MAX_BLOCK = 3;

/** How many times the `size` events from `start` repeat back to back (1: they do not repeat). */
function repeatsOf(events: readonly TOrderEvent[], start: number, size: number): number {
  let reps = 1;
  for (;;) {
    const next = start + reps * size;
    if (next + size > events.length) return reps;
    for (let k = 0; k < size; k++) {
      const a = events[start + k];
      const b = events[next + k];
      if (!a || !b || !sameMove(a, b)) return reps;
    }
    reps++;
  }
}

/**
 * `events` oldest first, with each run of identical consecutive moves joined into one row that counts them; a block
 * of moves repeated as a whole (a retried attempt's events) becomes one row per move of the block, each with the
 * number of repeats and the times of the first and the last. Where blocks of several sizes repeat, the one covering
 * the most events wins, the smaller on a tie (so "A A A A" is "A ×4", not "A A ×2").
 */
export function collapseRepeatedEvents(events: readonly TOrderEvent[]): TOrderEvent[] {
  const rows: TOrderEvent[] = [];
  let i = 0;
  while (i < events.length) {
    let best = { size: 1, reps: 1 };
    for (let size = 1; size <= MAX_BLOCK; size++) {
      const reps = repeatsOf(events, i, size);
      if (reps > 1 && reps * size > best.reps * best.size) best = { size, reps };
    }
    for (let k = 0; k < best.size; k++) {
      const first = events[i + k] as TOrderEvent;
      let count = 0;
      let lastAt = first.last_at;
      for (let r = 0; r < best.reps; r++) {
        const event = events[i + r * best.size + k] as TOrderEvent;
        count += event.count;
        lastAt = event.last_at;
      }
      rows.push({ ...first, count, last_at: lastAt });
    }
    i += best.size * best.reps;
  }
  return rows;
}

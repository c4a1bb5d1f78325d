import type { TOrderEvent } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import { collapseRepeatedEvents } from './order-history';

/** One move at minute `minute` of 03:00 UTC, as toApiEvent makes it (count 1). */
function move(
  minute: number,
  from: TOrderEvent['from_status'],
  to: TOrderEvent['to_status'],
  cause: string,
  actor = 'system',
): TOrderEvent {
  const at = `2026-12-06T03:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    from_status: from,
    to_status: to,
    cause,
    note: null,
    actor,
    created_at: at,
    count: 1,
    last_at: at,
  };
}

const RETRY = 'BIGO not reached, will retry: BIGO answered HTTP 503';

describe('collapseRepeatedEvents (issue #32)', () => {
  it('joins fourteen identical retries into one row that counts them, from the first to the last', () => {
    const retries = Array.from({ length: 14 }, (_, i) => move(2 + i, 8, 8, RETRY));
    const history = [move(0, null, 2, 'precheck ok'), move(1, 7, 8, 'delivery started'), ...retries];
    expect(collapseRepeatedEvents(history)).toEqual([
      history[0],
      history[1],
      { ...move(2, 8, 8, RETRY), count: 14, last_at: '2026-12-06T03:15:00.000Z' },
    ]);
  });

  it('joins a retried attempt’s pair of events, repeated as a whole, into one row per event of the pair', () => {
    const RESUMED = 'delivery resumed';
    const attempts = Array.from({ length: 13 }, (_, i) => [
      move(2 + 2 * i, 8, 8, RESUMED),
      move(3 + 2 * i, 8, 8, RETRY),
    ]).flat();
    const history = [
      move(0, 7, 8, 'delivery started'),
      move(1, 8, 8, RETRY),
      ...attempts,
      move(28, 8, 9, 'BIGO delivered'),
    ];
    const rows = collapseRepeatedEvents(history);
    expect(rows.map((r) => [r.cause, r.count, r.created_at.slice(14, 16), r.last_at.slice(14, 16)])).toEqual([
      ['delivery started', 1, '00', '00'],
      // The first retry starts the repeating pair: retry, resumed, retry, resumed…
      [RETRY, 13, '01', '25'],
      [RESUMED, 13, '02', '26'],
      [RETRY, 1, '27', '27'],
      ['BIGO delivered', 1, '28', '28'],
    ]);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(history.length);
  });

  it('prefers the smallest repeating block: four identical events are one row of four', () => {
    const rows = collapseRepeatedEvents([0, 1, 2, 3].map((m) => move(m, 8, 8, RETRY)));
    expect(rows.map((r) => r.count)).toEqual([4]);
  });

  it('keeps apart moves that differ in statuses, cause or actor, and repeats that are not consecutive', () => {
    const history = [
      move(0, 8, 8, RETRY),
      move(1, 8, 8, 'BIGO not reached, will retry: BIGO answered HTTP 500'),
      move(2, 8, 8, RETRY),
      move(3, 8, 8, RETRY, 'admin:1'),
      move(4, 10, 8, RETRY),
      move(5, 8, 8, RETRY),
    ];
    expect(collapseRepeatedEvents(history)).toEqual(history);
  });

  it('compares every field that describes the move, structured ones by content', () => {
    type Keyed = TOrderEvent & { values?: Record<string, unknown> };
    const keyed = (minute: number, values: Record<string, unknown>): Keyed => ({
      ...move(minute, 8, 8, RETRY),
      values,
    });
    const rows = collapseRepeatedEvents([
      keyed(0, { status: 503 }),
      keyed(1, { status: 503 }),
      keyed(2, { status: 500 }),
    ] as TOrderEvent[]);
    expect(rows.map((r) => [r.count, (r as Keyed).values])).toEqual([
      [2, { status: 503 }],
      [1, { status: 500 }],
    ]);
  });

  it('answers an empty history with an empty one and does not change what it was given', () => {
    expect(collapseRepeatedEvents([])).toEqual([]);
    const history = [move(0, 8, 8, RETRY), move(1, 8, 8, RETRY)];
    const copy = structuredClone(history);
    collapseRepeatedEvents(history);
    expect(history).toEqual(copy);
  });
});

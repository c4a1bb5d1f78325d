import { dayBefore, dayIn } from '@ezrecharge/shared/shop-day';

/**
 * The shop's days (issue #28): a day is midnight to midnight in SHOP_TIME_ZONE, so the daily reconciliation and the
 * console speak of the same day as the operator does, whatever the server's own zone. A day is not always 24 hours
 * long (daylight saving elsewhere than Singapore): its bounds are worked out, never added.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall-clock time of `at` in `timeZone`, read as if it were UTC, minus `at`: the zone's offset then, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock midnight (given as UTC ms of that date) happens in `timeZone`. */
function midnight(utcDate: number, timeZone: string): Date {
  let guess = utcDate - offsetAt(utcDate, timeZone);
  // Once more with the offset at the guess itself, for a day whose offset differs from the one a few hours off.
  guess = utcDate - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** [from, to) of the shop day `day` (YYYY-MM-DD) in `timeZone`. */
export function shopDayWindow(day: string, timeZone: string): { from: Date; to: Date } {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return { from: midnight(start, timeZone), to: midnight(start + 86_400_000, timeZone) };
}

/** The shop day (YYYY-MM-DD) that `at` falls in. */
export const shopDayOf = dayIn;

/** The day before a day (packages/shared/src/shop-day.ts), with the rest of the shop's calendar here. */
export { dayBefore };

/** When the next morning run is due: `hour` o'clock of the shop day after the one `now` is in (or today's, if ahead). */
export function nextMorning(now: Date, timeZone: string, hour: number): Date {
  const today = shopDayOf(now, timeZone);
  const todayAt = new Date(shopDayWindow(today, timeZone).from.getTime() + hour * 3_600_000);
  if (todayAt.getTime() > now.getTime()) return todayAt;
  const tomorrow = shopDayWindow(today, timeZone).to;
  return new Date(tomorrow.getTime() + hour * 3_600_000);
}

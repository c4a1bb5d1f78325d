/**
 * The shop's calendar (issue #28): its days run midnight to midnight in SHOP_TIME_ZONE, whatever the zone of the
 * server or of the browser reading them. The server's reconciliation, the console's Sales range and its
 * reconciliation day all name a day as this gives it.
 */

/** The calendar day (YYYY-MM-DD) that `at` falls on in `timeZone`; an unknown zone throws a RangeError. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `day` plus `n` calendar days (YYYY-MM-DD; calendar arithmetic, no zone involved; `n` may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) before `day`; anything but a day throws. */
export function dayBefore(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return addDays(day, -1);
}

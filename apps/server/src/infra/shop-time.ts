import type { TLanguage } from '@ezrecharge/shared';

/**
 * Times as the shop's e-mails show them (issue #32): in the shop's own time zone (SHOP_TIME_ZONE, default
 * Asia/Singapore), to the minute, with the zone's name and offset — "2026-11-21 18:03 (Singapore Standard Time,
 * GMT+8)", "2026-11-21 18:03（新加坡标准时间，GMT+8）". Every mail uses this one form, so a buyer never reads UTC in
 * one and UTC+8 in another. No seconds: a security notice then holds no 6-digit number a reader could take for a code.
 */

/** Whether this Node.js knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const LOCALES: Record<TLanguage, string> = { en: 'en-GB', zh: 'zh-CN' };

function zoneName(at: Date, timeZone: string, lang: TLanguage, style: 'long' | 'shortOffset'): string {
  const parts = new Intl.DateTimeFormat(LOCALES[lang], { timeZone, timeZoneName: style }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** `at` in the shop's zone to the minute, with the zone named in `lang`. */
export function shopMinute(at: Date, timeZone: string, lang: TLanguage = 'en'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const stamp = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  const name = zoneName(at, timeZone, lang, 'long');
  const offset = zoneName(at, timeZone, lang, 'shortOffset');
  return lang === 'zh' ? `${stamp}（${name}，${offset}）` : `${stamp} (${name}, ${offset})`;
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * A function writing instants as the shop's local time to the second, "2026-11-21 18:03:59", without the zone's
 * name (a spreadsheet column names it once, in its header). For many rows at once (issue #28: the order export):
 * the zone's offset is found with Intl once per quarter hour seen — every offset change in the IANA database falls
 * on a quarter hour — and the rest is arithmetic, so 100 000 rows cost milliseconds, not an Intl call each.
 */
export function shopSecondsFormatter(timeZone: string): (at: Date) => string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const start = bucket * QUARTER_HOUR;
      const p = Object.fromEntries(
        parts.formatToParts(new Date(start)).map((part) => [part.type, part.value]),
      );
      const local = Date.UTC(
        Number(p.year),
        Number(p.month) - 1,
        Number(p.day),
        Number(p.hour),
        Number(p.minute),
        Number(p.second),
      );
      offset = local - start;
      offsets.set(bucket, offset);
    }
    return offset;
  };
  const two = (n: number) => String(n).padStart(2, '0');
  return (at) => {
    const ms = at.getTime();
    const local = new Date(ms + offsetAt(ms));
    return (
      `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
      `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
    );
  };
}

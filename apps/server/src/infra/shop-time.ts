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

/** The calendar day `at` falls on in the shop's zone, as YYYY-MM-DD (issue #28: the sales view counts shop days). */
export function shopDate(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

import type { TCurrency } from '@ezrecharge/shared/money';

/**
 * The currency a buyer most likely pays in, for the recharge form's first choice. The shop sells in Singapore and
 * Malaysia (SPEC.md): a browser that names either country in its languages' region (en-MY, zh-SG), or runs on
 * either country's clock, starts in that country's currency when the product is sold in it. Languages come
 * first, as the buyer's own setting; the time zone settles a browser whose languages name no region (en, zh-CN).
 * Anything else starts in the first currency listed (SPEC.md §4).
 */
const REGION_CURRENCY: Readonly<Record<string, TCurrency>> = { MY: 'MYR', SG: 'SGD' };
const TIME_ZONE_CURRENCY: Readonly<Record<string, TCurrency>> = {
  'Asia/Kuala_Lumpur': 'MYR',
  'Asia/Kuching': 'MYR',
  'Asia/Singapore': 'SGD',
};
/** Every zone above keeps UTC+8 all year: `Date#getTimezoneOffset` answers -480 there. */
const SHOP_ZONES_UTC_OFFSET_MINUTES = -480;

export interface TLocaleHints {
  /** The browser's preferred languages, most preferred first (BCP 47 tags). */
  languages: readonly string[];
  /**
   * The IANA time zone of the device's clock, asked only when the languages settle nothing: resolving it loads the
   * browser's time-zone data, a long task on a phone's main thread (about 15 ms unthrottled, measured in Chromium).
   */
  timeZone: () => string | undefined;
}

/**
 * The device's time zone when it can be one of the shop's (UTC+8 now); undefined on any other clock, which no
 * entry of TIME_ZONE_CURRENCY could match, without asking `Intl`.
 */
function shopTimeZone(now: Date = new Date()): string | undefined {
  if (now.getTimezoneOffset() !== SHOP_ZONES_UTC_OFFSET_MINUTES) return undefined;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** What this browser says about where its user is. */
export function browserHints(): TLocaleHints {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { languages, timeZone: shopTimeZone };
}

/**
 * The region subtag of a BCP 47 language tag (`en-MY` → MY, `zh-Hans-SG` → SG, `en` → undefined), read from the
 * tag's grammar (RFC 5646 §2.1: language, up to three extended languages, script, then region) rather than
 * `Intl.Locale`, which would load the browser's locale data on the page's first load.
 */
const REGION_SUBTAG = /^[a-z]{2,8}(?:-[a-z]{3}){0,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})(?:-|$)/i;
export function regionOf(tag: string): string | undefined {
  return REGION_SUBTAG.exec(tag)?.[1]?.toUpperCase();
}

/** The likely currency among those `offered` (in their listed order); undefined only when none is offered. */
export function likelyCurrency(
  offered: readonly TCurrency[],
  hints: TLocaleHints = browserHints(),
): TCurrency | undefined {
  const sold = (code: TCurrency | undefined) =>
    code !== undefined && offered.includes(code) ? code : undefined;
  for (const tag of hints.languages) {
    const code = sold(REGION_CURRENCY[regionOf(tag) ?? '']);
    if (code) return code;
  }
  const zone = hints.timeZone();
  return sold(zone ? TIME_ZONE_CURRENCY[zone] : undefined) ?? offered[0];
}

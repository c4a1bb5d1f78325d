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

export interface TLocaleHints {
  /** The browser's preferred languages, most preferred first (BCP 47 tags). */
  languages: readonly string[];
  /** The IANA time zone of the device's clock. */
  timeZone: string | undefined;
}

/** What this browser says about where its user is. */
export function browserHints(): TLocaleHints {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { languages, timeZone };
}

function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/** The likely currency among those `offered` (in their listed order); undefined only when none is offered. */
export function likelyCurrency(
  offered: readonly TCurrency[],
  hints: TLocaleHints = browserHints(),
): TCurrency | undefined {
  const regional = hints.languages.map((tag) => REGION_CURRENCY[regionOf(tag) ?? '']);
  const byClock = hints.timeZone ? TIME_ZONE_CURRENCY[hints.timeZone] : undefined;
  return [...regional, byClock].find((code) => code !== undefined && offered.includes(code)) ?? offered[0];
}

/**
 * How buyers reach the shop's support (SPEC.md §1 hours, §2 "Contact 1": phone and chat support): the site shows
 * these facts and every order e-mail names them, so both sides take them from here.
 */

/** The shop's languages (SPEC.md §1): en is the default and the fallback. */
export const LANGUAGES = ['en', 'zh'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const SUPPORT_CONTACT = {
  phone: '+65 8888 6666',
  whatsappChatUrl: 'https://wa.me/6588886666',
  email: 'support@ezrecharge.com',
  /** Support hours (SPEC.md §1), as 24 h clock values; a close before the open ends on the next day. */
  hours: {
    agency: { days: 'mon-fri', open: '08:00', close: '22:00' },
    shop: { days: 'mon-sun', open: '10:00', close: '01:00' },
  },
} as const;

type THours = (typeof SUPPORT_CONTACT.hours)[keyof typeof SUPPORT_CONTACT.hours];

const DAYS: Record<TLanguage, Record<THours['days'], string>> = {
  en: { 'mon-fri': 'Monday to Friday', 'mon-sun': 'Monday to Sunday' },
  zh: { 'mon-fri': '周一至周五', 'mon-sun': '周一至周日' },
};

/** "Monday to Sunday, 10:00 – 01:00 (next day)" / "周一至周日 10:00–次日 01:00". */
export function supportHoursText(hours: THours, lang: TLanguage): string {
  // "HH:MM" strings compare in clock order, so a close before the open means the shift ends the next day.
  const overnight = hours.close < hours.open;
  const days = DAYS[lang][hours.days];
  if (lang === 'zh') return `${days} ${hours.open}–${overnight ? '次日 ' : ''}${hours.close}`;
  return `${days}, ${hours.open} – ${hours.close}${overnight ? ' (next day)' : ''}`;
}

/** The words around the facts, for the result page and the order e-mails. */
export const SUPPORT_CONTACT_TEXTS = {
  en: {
    heading: 'Contact support',
    whatsapp: 'WhatsApp or phone',
    email: 'E-mail',
    hours: 'Hours',
    quote: 'Please give your order number',
    /** Between a label and its value. */
    sep: ': ',
  },
  zh: {
    heading: '联系客服',
    whatsapp: 'WhatsApp 或电话',
    email: '电子邮件',
    hours: '服务时间',
    quote: '联系时请提供订单号',
    sep: '：',
  },
} as const satisfies Record<TLanguage, Record<string, string>>;

export interface TSupportLine {
  label: string;
  value: string;
  /** Where the value leads (the WhatsApp chat, a mailto: address); none for the hours. */
  href?: string;
}

/** The shop's support channels and hours as label/value lines in `lang` (the agency's hours are not the shop's). */
export function supportLines(lang: TLanguage): TSupportLine[] {
  const t = SUPPORT_CONTACT_TEXTS[lang];
  return [
    { label: t.whatsapp, value: SUPPORT_CONTACT.phone, href: SUPPORT_CONTACT.whatsappChatUrl },
    { label: t.email, value: SUPPORT_CONTACT.email, href: `mailto:${SUPPORT_CONTACT.email}` },
    { label: t.hours, value: supportHoursText(SUPPORT_CONTACT.hours.shop, lang) },
  ];
}

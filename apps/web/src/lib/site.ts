/**
 * Facts about the business shown on public pages (SPEC.md §1–§2). One place, so that the operator can change a
 * phone number or a social link without hunting through screens.
 */
export const SITE = {
  brand: 'EzRecharge',
  agencyBrand: 'EzLivez',
  agencyUrl: 'https://www.ezlivez.com',
  phone: '+65 8888 6666',
  whatsappChatUrl: 'https://wa.me/6588886666',
  supportEmail: 'support@ezrecharge.com',
  address: '10 Anson Road, #20-05 International Plaza, Singapore 079903',
  social: {
    facebook: 'https://www.facebook.com/ezrecharge',
    instagram: 'https://www.instagram.com/ezrecharge',
    tiktok: 'https://www.tiktok.com/@ezrecharge',
  },
  /** Support hours (SPEC.md §1), as 24 h clock values; the screens format them through i18n. */
  hours: {
    agency: { days: 'mon-fri', open: '08:00', close: '22:00' },
    shop: { days: 'mon-sun', open: '10:00', close: '01:00' },
  },
  resellerSince: 2020,
} as const;

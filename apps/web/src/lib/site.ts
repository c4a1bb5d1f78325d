import { SUPPORT_CONTACT } from '@ezrecharge/shared/support-contact';

/**
 * Facts about the business shown on public pages (SPEC.md §1–§2). One place, so that the operator can change a
 * phone number or a social link without hunting through screens.
 */
export const SITE = {
  brand: 'EzRecharge',
  agencyBrand: 'EzLivez',
  agencyUrl: 'https://www.ezlivez.com',
  // The support channels and hours are also named in the order e-mails: packages/shared holds them for both.
  phone: SUPPORT_CONTACT.phone,
  whatsappChatUrl: SUPPORT_CONTACT.whatsappChatUrl,
  supportEmail: SUPPORT_CONTACT.email,
  address: '10 Anson Road, #20-05 International Plaza, Singapore 079903',
  social: {
    facebook: 'https://www.facebook.com/ezrecharge',
    instagram: 'https://www.instagram.com/ezrecharge',
    tiktok: 'https://www.tiktok.com/@ezrecharge',
  },
  /** Support hours (SPEC.md §1), as 24 h clock values; the screens format them through i18n. */
  hours: SUPPORT_CONTACT.hours,
  resellerSince: 2020,
} as const;

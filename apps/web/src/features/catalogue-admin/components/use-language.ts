import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '../../../lib/i18n';

/** The active language, re-rendering on a switch (currency names follow it). */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

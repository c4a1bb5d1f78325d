import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLanguage, i18n, type TLanguage } from './i18n';

/**
 * dayjs in the active language, for the screens that show dates: imported from here (not from 'dayjs'), so that
 * only pages that show dates load it (issue #14: the storefront's first load does without it) and it always follows
 * the language toggle.
 */
const DAYJS_LOCALES: Record<TLanguage, string> = { en: 'en', zh: 'zh-cn' };

dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
i18n.on('languageChanged', () => {
  dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
});

export default dayjs;

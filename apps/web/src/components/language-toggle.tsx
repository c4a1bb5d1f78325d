import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage, setLanguage, type TLanguage } from '../lib/i18n';
import { reloadPage } from '../lib/navigation';
import { routePath } from '../lib/routes';
import { removeLocal, STORAGE_KEYS } from '../lib/storage';
import { Button } from './ui/button';
import { GlobeIcon } from './ui/icons';

/** Pages whose data is fetched in the active language and are simplest to reload (SPEC.md §2). */
const RELOAD_PATHS = [routePath('faq'), routePath('recharge'), routePath('ezrecharge')];
/** The recharge pages also drop the cached price list, which holds localised labels. */
const PRICE_CACHE_PATHS = [routePath('recharge'), routePath('ezrecharge')];

export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const next: TLanguage = currentLanguage() === 'en' ? 'zh' : 'en';
  const nextName = t(`language.${next}`);

  const onClick = async (): Promise<void> => {
    await setLanguage(next);
    if (PRICE_CACHE_PATHS.includes(pathname)) removeLocal(STORAGE_KEYS.priceCache);
    if (RELOAD_PATHS.includes(pathname)) reloadPage();
  };

  return (
    <Button
      className={className}
      variant="text"
      icon={<GlobeIcon />}
      aria-label={t('language.switchTo', { language: nextName })}
      onClick={() => void onClick()}
    >
      <span lang={next === 'zh' ? 'zh-CN' : 'en'}>{nextName}</span>
    </Button>
  );
}

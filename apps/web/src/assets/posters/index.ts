import poster1En from './poster-1-en.svg';
import poster1Zh from './poster-1-zh.svg';
import poster2En from './poster-2-en.svg';
import poster2Zh from './poster-2-zh.svg';
import poster3En from './poster-3-en.svg';
import poster3Zh from './poster-3-zh.svg';
import poster4En from './poster-4-en.svg';
import poster4Zh from './poster-4-zh.svg';

/**
 * The four promotion posters (SPEC.md §1 rewards and spins), one set per language. The about page and both recharge
 * pages show them, so they live outside any one feature; each slide's alt text belongs to the page's namespace.
 */
export const POSTERS = {
  en: [poster1En, poster2En, poster3En, poster4En],
  zh: [poster1Zh, poster2Zh, poster3Zh, poster4Zh],
} as const;

/** The posters of a language; anything but Chinese gets the English set (the fallback language). */
export const postersFor = (language: string | undefined): readonly string[] =>
  language === 'zh' ? POSTERS.zh : POSTERS.en;

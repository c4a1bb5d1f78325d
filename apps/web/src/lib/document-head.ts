import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES, type TRouteName } from './routes';

export interface TDocumentHead {
  title: string;
  description: string;
}

/**
 * The document title and meta description of a matched route (null: no route matched, the not-found page), in
 * the language of `t` (the `common` namespace). Each public page is described in its own words (`meta.<route>`);
 * the console and the not-found page, which robots.txt keeps crawlers out of, share `meta.default`, the text
 * index.html starts with.
 */
export function documentHead(name: TRouteName | null, t: (key: string) => string): TDocumentHead {
  const page = name ? t(`routes.${name}`) : t('notFound.title');
  const described = name !== null && ROUTES[name].layout === 'public';
  return {
    title: `${page} | ${t('titleSuffix')}`,
    description: described ? t(`meta.${name}`) : t('meta.default'),
  };
}

/**
 * Keeps `<title>` and `<meta name="description">` on the matched route, in the active language. Worked out in the
 * effect, after the page is drawn: a prerendered page arrives with both already right, and its hydration (one
 * task on a phone's main thread) does without the texts' first lookups.
 */
export function useDocumentHead(name: TRouteName | null): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    const { title, description } = documentHead(name, t);
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [name, t]);
}

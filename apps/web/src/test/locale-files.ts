import type { Resource, ResourceKey } from 'i18next';

/** Every locale file, read at once (the app loads them one namespace at a time; tests want them all). */
export const LOCALE_FILES = import.meta.glob<ResourceKey>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** `{ '../locales/en/common.json': {...} }` as i18next resources, one namespace per file. */
export function buildResources(files: Record<string, ResourceKey>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    const bundle = resources[language] ?? {};
    bundle[namespace] = content;
    resources[language] = bundle;
  }
  return resources;
}

/**
 * The one script a prerendered storefront page names (issue #14): it starts the app once the page has been painted.
 *
 * A prerendered page (app/prerender.tsx) arrives whole: its text, its form's frame and its styles are in the HTML,
 * so nothing the app's scripts do is needed for the first paint. Named in the page's head, those scripts (the entry
 * and some thirty chunks) were fetched while the HTML was parsed and, whenever they arrived before the first frame (a
 * returning buyer's cache, a fast line), evaluated and began hydrating before it: the buyer waited for script to see
 * text that was already there, and the fetches competed with the page for a slow line. The build
 * (scripts/prerender.mjs) writes the page's modules into `<meta name="ez-modules">` instead, the app's entry first,
 * then the chunks and texts the page imports; after the first frame this script loads them (loadModules). A page
 * drawn by the app (a shell, the console) names its entry as usual, not this script; the app imports it all the
 * same for markAppLive, and without `<meta name="ez-modules">` it starts nothing.
 */

/**
 * `<html data-app="live">`: the app has taken the page over (app/main.tsx sets it once a prerendered page has
 * hydrated, or once it has drawn a page itself). Until then a prerendered form is inert markup; the browser
 * journeys (e2e/support.ts) wait for it before they use a page.
 */
export function markAppLive(doc: Document): void {
  if (isAppLive(doc)) return;
  doc.documentElement.dataset.app = 'live';
  doc.dispatchEvent(new Event(APP_LIVE_EVENT));
}

/** Dispatched on the document when markAppLive marks it. */
const APP_LIVE_EVENT = 'ez-app-live';

export const isAppLive = (doc: Document): boolean => doc.documentElement.dataset.app === 'live';

/**
 * Holds back a form submitted before the app is live. Every form of the app is the app's to send: submitted
 * natively, a prerendered form (no action, no method) would load its own address with its fields in the query —
 * a password in the address bar and the server's log. Until the app is live a submit does nothing; the buyer's
 * next try is the app's. (The payment hand-off's form is drawn by the app, so it is live by then.)
 */
export function holdEarlySubmits(doc: Document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      if (!isAppLive(doc)) event.preventDefault();
    },
    { capture: true },
  );
}

/**
 * Holds a tap on a button the page drew before the app was live, and gives it to the button once it is: until
 * then the button has no handler, and the tap would do nothing (the copy button beside an order's number on a page
 * the server drew with the order, the language toggle, a dialog's opener). Plain buttons only (`type="button"`, as
 * components/ui/button.tsx makes every button but a form's submit, whose submit is held instead), and only the
 * last one tapped: the buyer meant that one. A tap before this script has run (it runs once the HTML is parsed) is
 * lost, and so is one on a page the app draws afresh instead of hydrating (app/main.tsx: stored choices that
 * disagree with the cookies the page was drawn by), whose buttons are new ones.
 */
export function holdEarlyClicks(doc: Document): void {
  let held: HTMLButtonElement | null = null;
  const hold = (event: Event) => {
    if (isAppLive(doc)) return;
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[type="button"]');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  doc.addEventListener('click', hold, { capture: true });
  doc.addEventListener(
    APP_LIVE_EVENT,
    () => {
      doc.removeEventListener('click', hold, { capture: true });
      const button = held;
      held = null;
      if (button?.isConnected && !button.disabled) button.click();
    },
    { once: true },
  );
}

/**
 * Opens the page's storage while its modules download, one kind per task (issue #30). The first read of local
 * storage, of session storage and of the cookies each waits on the browser process: local storage opens its
 * database, 3 to 23 ms here unthrottled and four times that on Lighthouse's phone. Left to the app, those first
 * reads lengthened the tasks they fell in (i18n's start reads the language, the app's start the toasts and the
 * cookie notice) past Lighthouse's 50 ms. The values read here are dropped; the app reads what it needs itself.
 */
export function openStorage(win: Window): void {
  const reads = [
    () => win.localStorage.getItem('lang'),
    () => win.sessionStorage.length,
    () => win.document.cookie,
  ];
  const next = (index: number) => {
    const read = reads[index];
    if (!read) return;
    try {
      read();
    } catch {
      // Storage refused (a privacy setting): the app's own reads handle it.
    }
    win.setTimeout(() => next(index + 1), 0);
  };
  win.setTimeout(() => next(0), 0);
}

/** The meta element's name; scripts/prerender.mjs writes it. */
const MODULES_META = 'ez-modules';

/** The page's modules, the entry first: the space-separated paths of `<meta name="ez-modules">`. */
export function pageModules(doc: Document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MODULES_META}"]`)?.content ?? '';
  return content.split(' ').filter(Boolean);
}

/** How many of the modules after the entry are the entry's own imports: the meta's `data-entry-imports`. */
export function entryImportCount(doc: Document): number {
  const raw = doc.querySelector<HTMLMetaElement>(`meta[name="${MODULES_META}"]`)?.dataset.entryImports;
  const count = Number(raw);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/**
 * Runs `callback` once the next frame has been painted: in a task after the animation frame that precedes it (the
 * frame's rendering runs between the two). A hidden page runs no animation frames until it is shown, when it
 * paints: a page opened in a background tab starts then. (A page hidden from the start runs it in the next task.)
 */
export function afterNextPaint(win: Window, callback: () => void): void {
  if (win.document.visibilityState === 'hidden') win.setTimeout(callback, 0);
  else win.requestAnimationFrame(() => win.setTimeout(callback, 0));
}

/**
 * Links added per task. Each `<link rel="modulepreload">` starts a fetch, half a millisecond to a millisecond and a
 * half of main-thread work here (Lighthouse counts four times that): with eight per task, Lighthouse found tasks of
 * paint-first.ts of 84 ms on /home-order; with four, none over 50 ms.
 */
export const LINKS_PER_TASK = 4;

/**
 * Imports the app's entry (the first module) and preloads the others, a few links per task (a
 * `<link rel="modulepreload">` each, which the app's lazy imports then find, so Vite's loader does not add them
 * again). The entry's own imports (the next `entryImports` modules: the libraries' chunk, the API client…) are
 * imported first, one after another with a task between, and the entry after them: each is evaluated in a task of
 * its own, as soon as it has arrived, instead of all of them in the one task that evaluates the entry's graph
 * (about 15 ms here unthrottled, 60 ms on Lighthouse's phone). The entry and its imports are preloaded meanwhile,
 * so that their fetches do not wait for one another's evaluation.
 */
export function loadModules(
  win: Window,
  modules: readonly string[],
  importModule: (path: string) => Promise<unknown>,
  entryImports = 0,
): void {
  const [entry, ...rest] = modules;
  if (!entry) return;
  const first = rest.slice(0, entryImports);
  const importInTurn = (index: number) => {
    const module = first[index];
    if (module === undefined) {
      void importModule(entry);
      return;
    }
    // A module that fails to load is the entry's to report (it imports it too).
    void importModule(module)
      .catch(() => undefined)
      .then(() => win.setTimeout(() => importInTurn(index + 1), 0));
  };
  importInTurn(0);
  const preloads = first.length > 0 ? [entry, ...rest] : rest;
  const preload = (from: number) => {
    for (const href of preloads.slice(from, from + LINKS_PER_TASK)) {
      const link = win.document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      win.document.head.append(link);
    }
    if (from + LINKS_PER_TASK < preloads.length) win.setTimeout(() => preload(from + LINKS_PER_TASK), 0);
  };
  win.setTimeout(() => preload(0), 0);
}

const modules = typeof document === 'undefined' ? [] : pageModules(document);
if (modules.length > 0) {
  holdEarlySubmits(document);
  holdEarlyClicks(document);
  const entryImports = entryImportCount(document);
  afterNextPaint(window, () => {
    loadModules(window, modules, (path) => import(/* @vite-ignore */ path), entryImports);
    openStorage(window);
  });
}

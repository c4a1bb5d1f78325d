/**
 * The one script a prerendered storefront page names (issue #14): it starts the app once the page has been painted.
 *
 * A prerendered page (app/prerender.tsx) arrives whole: its text, its form's frame and its styles are in the HTML,
 * so nothing the app's scripts do is needed for the first paint. Named in the page's head, those scripts (the entry
 * and some thirty chunks) were fetched while the HTML was parsed and, whenever they arrived before the first frame (a
 * returning buyer's cache, a fast line), evaluated and began hydrating before it: the buyer waited for script to see
 * text that was already there, and the fetches competed with the page for a slow line. The build
 * (scripts/prerender.mjs) writes the page's modules into `<meta name="ez-modules">` instead, the app's entry first,
 * then the chunks and texts the page imports; after the first frame this script imports the entry and preloads
 * the others. A page drawn by the app (a shell, the console) names its entry as usual, not this script; the app
 * imports it all the same for markAppLive, and without `<meta name="ez-modules">` it starts nothing.
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
 * last one tapped: the buyer meant that one.
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

/** The meta element's name; scripts/prerender.mjs writes it. */
const MODULES_META = 'ez-modules';

/** The page's modules, the entry first: the space-separated paths of `<meta name="ez-modules">`. */
export function pageModules(doc: Document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MODULES_META}"]`)?.content ?? '';
  return content.split(' ').filter(Boolean);
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
 * Links added per task. Each `<link rel="modulepreload">` starts a fetch, about half a millisecond of main-thread
 * work here (Lighthouse counts four times that): a page's thirty in one task would block the page for longer than
 * the 50 ms a tap may wait.
 */
export const LINKS_PER_TASK = 8;

/**
 * Imports the first module, the app's entry, and preloads the others, a few links per task (a
 * `<link rel="modulepreload">` each, which the app's lazy imports then find, so Vite's loader does not add them
 * again).
 */
export function loadModules(
  win: Window,
  modules: readonly string[],
  importModule: (path: string) => Promise<unknown>,
): void {
  const [entry, ...rest] = modules;
  if (!entry) return;
  void importModule(entry);
  const preload = (from: number) => {
    for (const href of rest.slice(from, from + LINKS_PER_TASK)) {
      const link = win.document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      win.document.head.append(link);
    }
    if (from + LINKS_PER_TASK < rest.length) win.setTimeout(() => preload(from + LINKS_PER_TASK), 0);
  };
  win.setTimeout(() => preload(0), 0);
}

const modules = typeof document === 'undefined' ? [] : pageModules(document);
if (modules.length > 0) {
  holdEarlySubmits(document);
  holdEarlyClicks(document);
  afterNextPaint(window, () => loadModules(window, modules, (path) => import(/* @vite-ignore */ path)));
}

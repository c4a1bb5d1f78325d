import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setCookieNoticeHtmlState } from '../components/cookie-notice';
import { beginHydrationInTurns } from '../components/hydrate-in-turn';
import { currentLanguage, i18nReady } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { plantQuerySeeds } from '../lib/query-seed';
import { isCookieNoticeAccepted, syncCookieNoticeCookie } from '../lib/storage';
import { restoreCarriedToasts } from '../lib/toast';
import { markAppLive } from './paint-first';
import { AppProviders } from './providers';
import {
  createAppRouter,
  resolveMatchedRoutes,
  restoreSessionOnLoad,
  startMatchedPageRequests,
} from './router';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

async function start(): Promise<void> {
  restoreCarriedToasts();
  // The core texts of the stored language come first (one small chunk each); without them every label is a key.
  await i18nReady;
  // A page prerendered at build time (app/prerender.tsx) arrives with its markup inside #root, in the language of
  // the lang cookie and with or without the cookie notice by its cookie. Storage and cookies may disagree (storage
  // kept, cookies cleared): then the page is drawn afresh as the stored choices say rather than hydrated.
  const accepted = isCookieNoticeAccepted();
  syncCookieNoticeCookie();
  const prerendered =
    root.firstElementChild !== null &&
    root.dataset.language === currentLanguage() &&
    root.dataset.cookieNotice === (accepted ? 'accepted' : 'shown');
  setCookieNoticeHtmlState(accepted);
  // A page the server drew for this request (an order's result) came with the data it was drawn with.
  plantQuerySeeds(document, queryClient);
  if (!prerendered) root.replaceChildren();
  if (prerendered) {
    await resolveMatchedRoutes(window.location);
    // The page's own requests go out now, in a task of their own rather than among the effects that
    // run once the page has hydrated (lib/early-requests.ts).
    await nextTask();
    startMatchedPageRequests(window.location);
    await nextTask();
  }
  const router = createAppRouter({ prerendered });
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) {
    // The page is on screen already: hydrating it waits for a task of its own after the router's set-up, and the
    // parts wrapped in HydrateInTurn hydrate one per task after the rest (components/hydrate-in-turn.tsx), so no
    // single task holds a phone's main thread for long.
    await nextTask();
    beginHydrationInTurns(() => markAppLive(document));
    hydrateRoot(root, app);
    void restoreSessionOnLoad();
  } else {
    createRoot(root).render(app);
    markAppLive(document);
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void start();

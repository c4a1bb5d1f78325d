/**
 * Lets code outside React (the API client on 401, logout) move the router. The app sets the router's
 * navigate function at start-up; before that, and in tests without a router, a full page load does the job.
 */
type TNavigate = (to: string) => void;

let navigator: TNavigate | null = null;

export function setNavigator(navigate: TNavigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

type TBeforeReload = () => void;
const beforeReload = new Set<TBeforeReload>();

/**
 * Runs `listener` just before `reloadPage` reloads, so a page can keep what the reload would wipe (the recharge
 * form's entries across the language toggle). Only the app's own reloads call it, not the browser's reload button
 * or leaving the page. Returns the unsubscribe function.
 */
export function onBeforeReload(listener: TBeforeReload): () => void {
  beforeReload.add(listener);
  return () => {
    beforeReload.delete(listener);
  };
}

/** Full reload, for pages that fetch in the active language (SPEC.md §2); a function so tests can observe it. */
export function reloadPage(): void {
  for (const listener of beforeReload) listener();
  window.location.reload();
}

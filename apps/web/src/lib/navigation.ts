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

/** Full reload, for pages that fetch in the active language (SPEC.md §2); a function so tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}

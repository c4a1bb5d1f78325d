/**
 * SPEC.md §8 error popup (width 500) for refused calls (400): most screens show the server's message this way
 * rather than as a toast. A small store like the toasts: `showErrorPopup` queues a message, the one
 * `<PopupHost />` (components/ui/popup-host.tsx, mounted by the root layout) shows the first until it is closed.
 */
type TListener = () => void;

export interface TPopup {
  id: number;
  text: string;
}

let nextId = 1;
let popups: readonly TPopup[] = [];
const listeners = new Set<TListener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showErrorPopup(text: string): void {
  popups = [...popups, { id: nextId++, text }];
  emit();
}

export function closePopup(id: number): void {
  popups = popups.filter((popup) => popup.id !== id);
  emit();
}

export function subscribePopups(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentPopup(): TPopup | null {
  return popups[0] ?? null;
}

/** Empties the store (tests). */
export function clearPopups(): void {
  popups = [];
  emit();
}

/** For components: the function that shows the error popup. */
export function useErrorPopup(): (text: string) => void {
  return showErrorPopup;
}

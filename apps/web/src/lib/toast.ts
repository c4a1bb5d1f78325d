import { TOAST_DURATION_MS } from '@ezrecharge/shared/limits';
import { readSession, removeSession, SESSION_STORAGE_KEYS, writeSession } from './storage';

/**
 * Toasts of SPEC.md §9 (top right, 2 s, progress bar, close button; green success, red error), usable outside
 * React (the API client raises them). A small store: `toast.success/error` add a toast, the one `<Toaster />`
 * (components/ui/toaster.tsx, mounted by the root layout for both faces) shows them and removes each when its
 * time is up or it is closed. Toasts raised before the toaster mounted wait in the store.
 */
export type TToastKind = 'success' | 'error';

export interface TToast {
  id: number;
  kind: TToastKind;
  text: string;
  /** How long it stays, in ms (SPEC.md §9: 2000). */
  duration: number;
}

type TListener = () => void;

let nextId = 1;
let toasts: readonly TToast[] = [];
const listeners = new Set<TListener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function show(kind: TToastKind, text: string): void {
  toasts = [...toasts, { id: nextId++, kind, text, duration: TOAST_DURATION_MS }];
  emit();
}

export function dismissToast(id: number): void {
  const next = toasts.filter((item) => item.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function subscribeToasts(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly TToast[] {
  return toasts;
}

/** Empties the store (tests). */
export function clearToasts(): void {
  toasts = [];
  emit();
}

/**
 * Keeps the toasts showing for the next page of this tab: the storefront's page hands a console route to the
 * console's page with a full page load (app/face.ts), and "Login successful" must not vanish with it.
 */
export function carryToasts(): void {
  const texts = toasts.map(({ kind, text }) => ({ kind, text }));
  if (texts.length > 0) writeSession(SESSION_STORAGE_KEYS.carriedToasts, JSON.stringify(texts));
}

/** Shows the toasts the previous page carried over (once; called at start-up). */
export function restoreCarriedToasts(): void {
  const raw = readSession(SESSION_STORAGE_KEYS.carriedToasts);
  if (raw === null) return;
  removeSession(SESSION_STORAGE_KEYS.carriedToasts);
  try {
    const carried: unknown = JSON.parse(raw);
    if (!Array.isArray(carried)) return;
    for (const item of carried) {
      if ((item?.kind === 'success' || item?.kind === 'error') && typeof item.text === 'string') {
        show(item.kind, item.text);
      }
    }
  } catch {
    // Not ours or damaged: nothing to show.
  }
}

export const toast = {
  success: (text: string): void => show('success', text),
  error: (text: string): void => show('error', text),
};

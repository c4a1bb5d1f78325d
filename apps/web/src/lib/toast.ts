import { ERROR_TOAST_WIDTH, TOAST_DURATION_MS, TOAST_WIDTH } from '@ezrecharge/shared/limits';

/**
 * Toasts of SPEC.md §9 (top right, 2 s, progress bar, close button; green success, red error), usable outside
 * React. The providers hand over antd's context-aware notification API from `App.useApp()`; toasts raised
 * before that are held and shown once it arrives.
 */
export type TToastKind = 'success' | 'error';

export interface TToastArgs {
  title: string;
  placement: 'topRight';
  duration: number;
  showProgress: boolean;
  pauseOnHover: boolean;
  closable: boolean;
  className: string;
  style: { width: number };
  role: 'alert' | 'status';
}

export interface TToastBridge {
  success: (args: TToastArgs) => void;
  error: (args: TToastArgs) => void;
}

let bridge: TToastBridge | null = null;
const pending: Array<[TToastKind, string]> = [];

function argsFor(kind: TToastKind, text: string): TToastArgs {
  return {
    title: text,
    placement: 'topRight',
    // antd counts in seconds
    duration: TOAST_DURATION_MS / 1000,
    showProgress: true,
    pauseOnHover: true,
    closable: true,
    className: `app-toast app-toast--${kind}`,
    style: { width: kind === 'error' ? ERROR_TOAST_WIDTH : TOAST_WIDTH },
    role: kind === 'error' ? 'alert' : 'status',
  };
}

function show(kind: TToastKind, text: string): void {
  if (!bridge) {
    pending.push([kind, text]);
    return;
  }
  bridge[kind](argsFor(kind, text));
}

export function setToastBridge(next: TToastBridge | null): void {
  bridge = next;
  if (!bridge) return;
  for (const [kind, text] of pending.splice(0)) show(kind, text);
}

export const toast = {
  success: (text: string): void => show('success', text),
  error: (text: string): void => show('error', text),
};

import { useSyncExternalStore } from 'react';

// Short notices that come and go by themselves (PRODUCT-SPEC §8 "toasts", §9: 2400 ms by
// default). A module-level store, like the session, so any code can raise one without a
// provider; the layout's <Toaster> shows them.

/** PRODUCT-SPEC §9: toast default 2400 ms. */
export const TOAST_MS = 2400;

export type ToastTone = 'info' | 'success' | 'error';
export type Toast = { id: number; message: string; tone: ToastTone; durationMs: number };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows `message`; the same message already showing is not stacked twice. Returns its id. */
export function showToast(message: string, tone: ToastTone = 'info', durationMs = TOAST_MS): number {
  const same = toasts.find((toast) => toast.message === message && toast.tone === tone);
  if (same) {
    // Restart its timer by replacing it.
    set(toasts.filter((toast) => toast !== same));
  }
  const toast: Toast = { id: nextId++, message, tone, durationMs };
  // At most three at once: the oldest gives way.
  set([...toasts, toast].slice(-3));
  return toast.id;
}

export function dismissToast(id: number) {
  if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
}

/** Forgets every toast (tests). */
export function clearToasts() {
  set([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

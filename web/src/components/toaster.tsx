import { useSyncExternalStore } from 'react';
import { serverMessage } from '../api/client.ts';

/**
 * The toasts' store: any module calls `toast()`; the region that shows them (Radix, in
 * toast-region.tsx) loads after the page's first paint and shows what was queued meanwhile.
 * Toasts as the spec's section 9 sets them: one visible at a time, shown 5 s, swiped away to
 * the right, F8 focuses the region (Radix's default hotkey), dismissed toasts removed after
 * 1,000,000 ms (so the exit animation never cuts off). They appear at the top right: at the
 * bottom they covered the dialogs' footers (the editor's Save Changes) while they showed.
 */
const toastLimit = 1;
const removeDelayMs = 1_000_000;
export const toastDisplayMs = 5_000;

/** `info` tells of something that neither succeeded nor failed (nothing was left to do). */
export type ToastInput = { title: string; description?: string; variant?: 'default' | 'info' | 'destructive' };

export const variantClasses: Record<NonNullable<ToastInput['variant']>, string> = {
  default: '',
  info: 'border-blue-300 bg-blue-50 text-blue-950',
  destructive: 'toast-destructive',
};
export type ToastItem = ToastInput & { id: number; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** A failed call's toast: the spec's title, and the server's own words (or the fallback, or the error's). */
export function toastFailure(title: string, error: Error, fallback?: string): void {
  toast({ title, description: serverMessage(error) ?? fallback ?? error.message, variant: 'destructive' });
}

export function toast(input: ToastInput): void {
  toasts = [{ ...input, id: nextId++, open: true }, ...toasts].slice(0, toastLimit);
  emit();
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, removeDelayMs);
}

export function useToasts() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

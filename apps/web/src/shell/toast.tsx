import { useSyncExternalStore } from 'react';
import { readingMs, TOAST_MS } from '../lib/timing.ts';

export type ToastKind = 'info' | 'success' | 'error' | 'loading';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: { label: string; run: () => void };
}

let toasts: Toast[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const DEFAULT_MS: Record<ToastKind, number> = {
  info: TOAST_MS.info,
  success: TOAST_MS.success,
  error: TOAST_MS.short,
  loading: TOAST_MS.loadingList,
};

/**
 * Shows a toast for the spec's duration of its kind (or `durationMs`), longer when its message needs
 * more time to read; returns its id.
 */
export function showToast(
  message: string,
  options: { kind?: ToastKind; durationMs?: number; action?: Toast['action'] } = {},
): number {
  const kind = options.kind ?? 'info';
  const id = ++seq;
  // One loading toast at a time; a new message replaces toasts of the same kind.
  toasts = [
    ...toasts.filter((t) => t.kind !== kind),
    { id, kind, message, ...(options.action ? { action: options.action } : {}) },
  ];
  emit();
  const base = options.durationMs ?? DEFAULT_MS[kind];
  setTimeout(() => hideToast(id), kind === 'loading' ? base : Math.max(base, readingMs(message)));
  return id;
}

export function hideToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function Toaster() {
  const items = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          <span>{t.message}</span>
          {t.action && (
            <button type="button" className="toast-action" onClick={t.action.run}>
              {t.action.label}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

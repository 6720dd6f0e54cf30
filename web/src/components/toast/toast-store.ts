/**
 * The app's one toast store (spec §9): at most one toast visible, shown for 5000 ms unless
 * dismissed. A new toast replaces the current one. Any module can call `toast()`; the
 * `<Toaster/>` mounted once at the root renders it.
 */
type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; durationMs?: number };
export type ToastItem = Required<Pick<ToastInput, 'title' | 'variant' | 'durationMs'>> & {
  id: number;
  description?: string;
};

const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = () => void;
let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly ToastItem[]): void {
  toasts = next;
  for (const l of listeners) l();
}

export function toast(input: ToastInput): number {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return item.id;
}

export function dismissToast(id?: number): void {
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

const EMPTY: readonly ToastItem[] = [];
export function getServerToasts(): readonly ToastItem[] {
  return EMPTY;
}

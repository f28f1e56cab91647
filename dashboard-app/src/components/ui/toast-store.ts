import { create } from 'zustand';

/** Spec §9: one toast at a time; a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
  /** A button in the toast (Undo), with the text a screen reader announces for it. */
  action?: { label: string; altText: string; onAction: () => void };
  /** How long it shows, when not TOAST_DURATION. */
  duration?: number;
}

interface ToastState {
  toasts: ToastMessage[];
  show: (toast: Omit<ToastMessage, 'id' | 'open' | 'variant'> & { variant?: ToastMessage['variant'] }) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 0;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: ({ variant = 'default', ...toast }) => {
    nextId += 1;
    const id = nextId;
    set((state) => ({ toasts: [{ ...toast, id, variant, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY);
  },
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere: `toast({ title: 'Link added!', description: '…' })`. */
export const toast = (message: Parameters<ToastState['show']>[0]) => useToastStore.getState().show(message);

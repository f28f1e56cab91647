import { useEffect, useRef, type ReactNode } from 'react';
import { useToastEdge } from './toast-placement.js';

export interface Toast {
  title: string;
  message: string;
}

export const TOAST_MS = 5000;

/** The class names of the toast column, a toast, its title and its close button (booking.css by default). */
export interface ToastSkin {
  column: string;
  columnTop: string;
  toast: string;
  title: string;
  close: string;
  closeIcon?: ReactNode;
}

export const PUBLIC_TOAST_SKIN: ToastSkin = {
  column: 'toasts',
  columnTop: 'toasts toasts-top',
  toast: 'toast',
  title: 'toast-title',
  close: 'toast-close',
};

/**
 * A checkout's error toast, gone after five seconds or when closed. It keeps clear of the control the person
 * is on (at the top when at the bottom it would cover it).
 */
export function CheckoutToast({
  toast,
  onClose,
  closeLabel = 'Close',
  skin = PUBLIC_TOAST_SKIN,
}: {
  toast: Toast | null;
  onClose: () => void;
  closeLabel?: string;
  skin?: ToastSkin;
}) {
  const column = useRef<HTMLDivElement>(null);
  const edge = useToastEdge(toast, column);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  return (
    <div ref={column} className={edge === 'top' ? skin.columnTop : skin.column} aria-live="assertive">
      {toast && (
        <div className={skin.toast} role="alert">
          <div>
            <p className={skin.title}>{toast.title}</p>
            <p>{toast.message}</p>
          </div>
          <button className={skin.close} type="button" aria-label={closeLabel} onClick={onClose}>
            {skin.closeIcon}
          </button>
        </div>
      )}
    </div>
  );
}

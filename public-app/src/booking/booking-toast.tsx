import { toastEdgeFor, type ToastEdge } from '@linkbio/shared-contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CloseIcon } from '../components/icons';
import { Texts } from '../texts';
import { workingElement } from './toast-placement';

export interface Toast {
  title: string;
  message: string;
}

const TOAST_MS = 5000;

/**
 * The booking page's error toast, gone after five seconds or when closed. It keeps clear of the control the
 * visitor is on (at the top when at the bottom it would cover it).
 */
export function BookingToast({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  const toasts = useRef<HTMLDivElement>(null);
  const [toastEdge, setToastEdge] = useState<ToastEdge>('bottom');

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  useLayoutEffect(() => {
    if (!toast) return;
    const place = () => {
      const column = toasts.current;
      if (!column) return;
      const focused = workingElement(column);
      setToastEdge(
        toastEdgeFor(focused?.getBoundingClientRect() ?? null, column.getBoundingClientRect(), window.innerHeight),
      );
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [toast]);

  return (
    <div ref={toasts} className={toastEdge === 'top' ? 'toasts toasts-top' : 'toasts'} aria-live="assertive">
      {toast && (
        <div className="toast" role="alert">
          <div>
            <p className="toast-title">{toast.title}</p>
            <p>{toast.message}</p>
          </div>
          <button className="toast-close" type="button" aria-label={Texts.close} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}

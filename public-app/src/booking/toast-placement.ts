/*
 * Where the booking page's toast shows: at the bottom, unless there it would cover the control the visitor is on
 * (the card number to correct after a refused card), then at the top. The creators' app places its toasts by
 * the same rule (dashboard-app/src/components/ui/toast-placement.ts).
 */

export type ToastEdge = 'top' | 'bottom';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** `toasts`: the toasts' column (width and height); a control taller than the room either side gets the edge covering less of it. */
export function toastEdgeFor(focused: Box | null, toasts: Box, viewportHeight: number): ToastEdge {
  if (!focused || focused.right <= toasts.left || focused.left >= toasts.right) return 'bottom';
  const height = toasts.bottom - toasts.top;
  const underBottom = focused.bottom - (viewportHeight - height);
  if (underBottom <= 0) return 'bottom';
  const underTop = height - focused.top;
  if (underTop <= 0) return 'top';
  return underTop < underBottom ? 'top' : 'bottom';
}

let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  });
}

/** The focused control, or the one focused last when focus fell back to the page; null inside `except` or gone. */
export function workingElement(except: Element | null): Element | null {
  const active = document.activeElement;
  const candidate = active && active !== document.body && active !== document.documentElement ? active : lastFocused;
  if (!candidate?.isConnected || (except && except.contains(candidate))) return null;
  return candidate;
}

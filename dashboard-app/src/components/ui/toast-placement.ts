/** Which edge of the window toasts show at. */
export type ToastEdge = 'top' | 'bottom';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Toasts never cover what the person is working on: they show at the bottom (spec §9), unless there they would
 * cover the focused control (a field to correct, the button just pressed), then at the top. A control taller
 * than the room either side gets the edge covering less of it.
 *
 * `toasts` is the toasts' column (its width and height), `focused` the control, `viewportHeight` the window's.
 */
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

/**
 * The control the person is on: the focused element, or the one focused last when focus fell back to the page
 * (a button disabled while its request runs loses focus). Null when it is gone or inside `except` (the toasts).
 */
export function workingElement(except: Element | null): Element | null {
  const active = document.activeElement;
  const candidate = active && active !== document.body && active !== document.documentElement ? active : lastFocused;
  if (!candidate?.isConnected || (except && except.contains(candidate))) return null;
  return candidate;
}

/** Which edge of the window toasts show at. */
export type ToastEdge = 'top' | 'bottom';

/** A box on screen, in the window's coordinates (a DOMRect has these). */
export interface ScreenBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Toasts never cover what the person is working on: they show at the bottom (spec §9), unless there they would
 * cover the focused control (a field to correct, the button just pressed), then at the top. A control taller
 * than the room either side gets the edge covering less of it. Both apps place their toasts by this rule.
 *
 * `toasts` is the toasts' column (its width and height), `focused` the control, `viewportHeight` the window's.
 */
export function toastEdgeFor(focused: ScreenBox | null, toasts: ScreenBox, viewportHeight: number): ToastEdge {
  if (!focused || focused.right <= toasts.left || focused.left >= toasts.right) return 'bottom';
  const height = toasts.bottom - toasts.top;
  const underBottom = focused.bottom - (viewportHeight - height);
  if (underBottom <= 0) return 'bottom';
  const underTop = height - focused.top;
  if (underTop <= 0) return 'top';
  return underTop < underBottom ? 'top' : 'bottom';
}

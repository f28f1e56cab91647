/*
 * The control the visitor is working on, which the booking page's toast must not cover (where it goes:
 * toastEdgeFor in shared-contracts). The creators' app has the same (dashboard-app/src/components/ui/toast-placement.ts).
 */

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

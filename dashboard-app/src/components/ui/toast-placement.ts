/*
 * The control a person is working on, which toasts must not cover (where they go: toastEdgeFor in
 * shared-contracts). The booking page has the same (public-app/src/booking/toast-placement.ts).
 */

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

import { toastEdgeFor, type ToastEdge } from '@linkbio/shared-contracts';
import { useLayoutEffect, useState, type RefObject } from 'react';

/*
 * The control a person is working on, which toasts must not cover (where they go: toastEdgeFor in
 * shared-contracts). Both apps' toasts place themselves with useToastEdge.
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

/**
 * Where the toasts' column goes while a toast shows (`shown`, any value that changes with the toast): at the
 * bottom, or at the top when at the bottom it would cover the control the person is on. Follows focus,
 * resizing and scrolling.
 */
export function useToastEdge(shown: unknown, column: RefObject<HTMLElement | null>): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>('bottom');
  useLayoutEffect(() => {
    if (shown === undefined || shown === null || shown === false) return;
    const place = () => {
      const element = column.current;
      if (!element) return;
      const focused = workingElement(element);
      setEdge(
        toastEdgeFor(focused?.getBoundingClientRect() ?? null, element.getBoundingClientRect(), window.innerHeight),
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
  }, [shown, column]);
  return edge;
}

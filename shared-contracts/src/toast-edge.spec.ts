import { toastEdgeFor } from './toast-edge.js';

const box = (top: number, bottom: number, left = 0, right = 390) => ({ top, bottom, left, right });
// A 120 px column of toasts across a 390 × 844 phone window.
const column = box(0, 120);

describe('toastEdgeFor', () => {
  it('shows toasts at the bottom when nothing is focused, or the focused control is clear of them', () => {
    expect(toastEdgeFor(null, column, 844)).toBe('bottom');
    expect(toastEdgeFor(box(300, 344), column, 844)).toBe('bottom');
    expect(toastEdgeFor(box(680, 724), column, 844)).toBe('bottom');
  });

  it('moves them to the top when at the bottom they would cover the focused control', () => {
    expect(toastEdgeFor(box(700, 744), column, 844)).toBe('top');
    expect(toastEdgeFor(box(790, 834), column, 844)).toBe('top');
  });

  it('keeps them at the bottom beside a control they do not cover sideways (the desktop column on the right)', () => {
    expect(toastEdgeFor(box(700, 744, 100, 500), box(0, 120, 860, 1280), 800)).toBe('bottom');
    expect(toastEdgeFor(box(700, 744, 100, 900), box(0, 120, 860, 1280), 800)).toBe('top');
  });

  it('covers less of a control taller than the room either side', () => {
    expect(toastEdgeFor(box(100, 800), column, 844)).toBe('top');
    expect(toastEdgeFor(box(40, 740), column, 844)).toBe('bottom');
  });
});

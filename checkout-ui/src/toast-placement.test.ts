import { afterEach, describe, expect, it } from 'vitest';
import { workingElement } from './toast-placement';

describe('workingElement', () => {
  afterEach(() => document.body.replaceChildren());

  it('is the focused control, or the one focused last once focus fell back to the page', () => {
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);

    input.focus();
    expect(workingElement(null)).toBe(input);
    button.focus();
    button.blur();
    expect(document.activeElement).toBe(document.body);
    expect(workingElement(null)).toBe(button);
  });

  it('is nothing when the control is gone or inside the toasts', () => {
    const region = document.createElement('section');
    const close = document.createElement('button');
    region.append(close);
    document.body.append(region);
    close.focus();
    expect(workingElement(region)).toBeNull();
    region.remove();
    expect(workingElement(null)).toBeNull();
  });
});

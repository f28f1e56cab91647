import {
  BUTTON_SHAPES,
  buttonContrast,
  buttonContrastProblem,
  contrastRatio,
  formatContrastRatio,
  LookMessages,
  MIN_BUTTON_CONTRAST,
  relativeLuminance,
  THEME_BUTTON_COLORS,
} from './contrast.js';
import { THEMES } from './constants.js';

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#FFFFFF', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('%s is %d', (hex, expected) => {
    expect(relativeLuminance(hex)).toBeCloseTo(expected, 10);
  });

  it.each(['#fff', 'ffffff', '#gggggg', 'red', '', '#1234567', 'url(x)'])('refuses %p', (hex) => {
    expect(() => relativeLuminance(hex)).toThrow(RangeError);
  });
});

describe('contrastRatio', () => {
  it.each([
    // text, button, ratio (to 2 decimals), passes AA
    ['#ffffff', '#2563eb', 5.17, true],
    ['#777777', '#ffffff', 4.48, false],
    ['#767676', '#ffffff', 4.54, true],
    ['#000000', '#ffffff', 21, true],
    ['#ffffff', '#ffffff', 1, false],
    ['#ffffff', '#3b82f6', 3.68, false],
    ['#ffffff', '#ff0000', 4, false],
    ['#000000', '#ff0000', 5.25, true],
    ['#595959', '#ffffff', 7, true],
    ['#0f172a', '#ffffff', 17.85, true],
  ])('%s on %s is %d:1', (text, button, ratio, passes) => {
    expect(contrastRatio(text, button)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(button, text)).toBe(contrastRatio(text, button));
    expect(contrastRatio(text, button) >= MIN_BUTTON_CONTRAST).toBe(passes);
  });

  it('is exactly 21 for black on white and 1 for a colour on itself, in any letter case', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#2563EB', '#2563eb')).toBe(1);
  });
});

describe('buttonContrast at the 4.5:1 boundary (unrounded, as WCAG counts)', () => {
  it.each([
    // the closest 8-bit colours either side of 4.5:1 on white and on black
    ['#7c7290', '#ffffff', true],
    ['#9a6c5a', '#ffffff', false],
    ['#9d5d9f', '#000000', true],
    ['#458301', '#000000', false],
  ])('%s text on a %s button passes: %p', (text, button, passes) => {
    const result = buttonContrast('default', button, text);
    expect(result.ratio).toBeCloseTo(4.5, 5);
    expect(result.passes).toBe(passes);
    expect(buttonContrastProblem('default', button, text) === null).toBe(passes);
  });

  it('never shows a refused ratio as 4.5:1', () => {
    expect(buttonContrastProblem('default', '#ffffff', '#9a6c5a')).toBe(
      'Button text needs more contrast with the button colour (4.49:1; at least 4.5:1).',
    );
  });
});

describe('buttonContrast with the theme’s colours where none is chosen', () => {
  it.each(THEMES)('the %s theme’s own buttons pass', (theme) => {
    const { buttonColor, buttonTextColor } = THEME_BUTTON_COLORS[theme];
    expect(buttonContrast(theme, null, null)).toMatchObject({ buttonColor, buttonTextColor, passes: true });
  });

  it.each([
    // theme, button, text, resolved button, resolved text, passes
    ['default', '#2563eb', null, '#2563eb', '#0f172a', false], // dark text on a blue button: 3.45
    ['default', null, '#ffffff', '#ffffff', '#ffffff', false], // white text on the white card
    ['default', null, '#777777', '#ffffff', '#777777', false],
    ['default', null, '#767676', '#ffffff', '#767676', true],
    ['dark', null, '#ffffff', '#1e293b', '#ffffff', true],
    ['dark', '#ffffff', null, '#ffffff', '#f8fafc', false],
    ['vibrant', '#fde68a', null, '#fde68a', '#3b0764', true],
    ['default', '#2563eb', '#ffffff', '#2563eb', '#ffffff', true],
  ] as const)(
    '%s theme, button %s, text %s → %s / %s passes: %p',
    (theme, button, text, resolvedButton, resolvedText, passes) => {
      expect(buttonContrast(theme, button, text)).toMatchObject({
        buttonColor: resolvedButton,
        buttonTextColor: resolvedText,
        passes,
      });
    },
  );
});

describe('buttonContrastProblem', () => {
  it('names the ratio and the minimum', () => {
    expect(buttonContrastProblem('default', '#ffffff', '#777777')).toBe(
      'Button text needs more contrast with the button colour (4.48:1; at least 4.5:1).',
    );
    expect(buttonContrastProblem('default', '#2563eb', null)).toBe(
      'Button text needs more contrast with the button colour (3.45:1; at least 4.5:1).',
    );
  });

  it('is null for a readable combination', () => {
    expect(buttonContrastProblem('default', '#2563eb', '#ffffff')).toBeNull();
    expect(buttonContrastProblem('dark', null, null)).toBeNull();
  });
});

describe('formatContrastRatio', () => {
  it.each([
    [21, '21:1'],
    [1, '1:1'],
    [4.478089, '4.48:1'],
    [5.1685, '5.17:1'],
    [4.5, '4.5:1'],
    [14.996, '15:1'],
  ])('%d → %s', (ratio, text) => {
    expect(formatContrastRatio(ratio)).toBe(text);
  });
});

describe('the custom look’s vocabulary', () => {
  it('has three shapes and a refusal that names Premium', () => {
    expect(BUTTON_SHAPES).toEqual(['rounded', 'pill', 'square']);
    expect(LookMessages.premiumLookOnly).toContain('Premium');
  });
});

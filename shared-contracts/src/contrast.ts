import type { Theme } from './constants.js';
import { HEX_COLOR_PATTERN } from './validation.js';
import type { ButtonShape } from './views.js';

/*
 * Premium's custom look (button colour, button text colour, button shape) and the one rule that guards it:
 * button text must reach WCAG 2 AA contrast (4.5:1) with its button. Pure functions, used by the API to
 * refuse a combination and by the dashboard for live feedback, so both always agree.
 */

export const BUTTON_SHAPES = ['rounded', 'pill', 'square'] as const satisfies readonly ButtonShape[];
export const DEFAULT_BUTTON_SHAPE: ButtonShape = 'rounded';

/** WCAG 2 success criterion 1.4.3 (AA) for normal text. */
export const MIN_BUTTON_CONTRAST = 4.5;

/**
 * The link buttons' own colours in each theme: what applies where a creator chose none. Keep in step with
 * public-app/src/styles/public.css (`--card` and `--card-fg` of .t-default, .t-vibrant and .t-dark).
 */
export const THEME_BUTTON_COLORS: Readonly<Record<Theme, { buttonColor: string; buttonTextColor: string }>> = {
  default: { buttonColor: '#ffffff', buttonTextColor: '#0f172a' },
  vibrant: { buttonColor: '#ffffff', buttonTextColor: '#3b0764' },
  dark: { buttonColor: '#1e293b', buttonTextColor: '#f8fafc' },
};

export const LookMessages = {
  invalidButtonColor: 'Button colour must be a hex colour like #2563eb',
  invalidButtonTextColor: 'Button text colour must be a hex colour like #ffffff',
  invalidButtonShape: 'Button shape must be one of rounded, pill or square',
  premiumLookOnly: 'Custom button colours and shapes are part of Premium. Upgrade to Premium to use them.',
  /** A refused ratio never reads as the 4.5:1 it misses: 4.499 shows as 4.49. */
  contrastTooLow: (ratio: number) =>
    `Button text needs more contrast with the button colour (${formatContrastRatio(Math.min(ratio, 4.49))}; at least 4.5:1).`,
} as const;

const channel = (hex: string, at: number): number => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance of a #rrggbb colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR_PATTERN.test(hex)) throw new RangeError(`Not a #rrggbb colour: ${JSON.stringify(hex)}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** "4.48:1", "21:1": two decimals at most, trailing zeros dropped. */
export function formatContrastRatio(ratio: number): string {
  return `${String(Math.round(ratio * 100) / 100)}:1`;
}

export interface ButtonContrast {
  /** The colours the page shows: the chosen ones, else the theme's. */
  buttonColor: string;
  buttonTextColor: string;
  ratio: number;
  passes: boolean;
}

/**
 * The contrast of a link button as the page would draw it in `theme`, a missing colour (null) being the
 * theme's own. Passes at exactly 4.5:1 and above, unrounded, as WCAG counts it.
 */
export function buttonContrast(
  theme: Theme,
  buttonColor: string | null,
  buttonTextColor: string | null,
): ButtonContrast {
  const defaults = THEME_BUTTON_COLORS[theme];
  const background = buttonColor ?? defaults.buttonColor;
  const text = buttonTextColor ?? defaults.buttonTextColor;
  const ratio = contrastRatio(background, text);
  return { buttonColor: background, buttonTextColor: text, ratio, passes: ratio >= MIN_BUTTON_CONTRAST };
}

/** The reason a button look is refused, or null when its text is readable enough. */
export function buttonContrastProblem(
  theme: Theme,
  buttonColor: string | null,
  buttonTextColor: string | null,
): string | null {
  const { ratio, passes } = buttonContrast(theme, buttonColor, buttonTextColor);
  return passes ? null : LookMessages.contrastTooLow(ratio);
}

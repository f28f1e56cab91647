import { LINK_URL_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants.js';

/** Lowercase, and drop anything but a-z, 0-9 and hyphen: what the claim box does as the creator types. */
export function sanitizeUsernameInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

export const USERNAME_PATTERN = /^[a-z0-9-]+$/;
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const CASHAPP_HANDLE_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
export const DOLLAR_AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * Whether text is well-formed Unicode: no unpaired UTF-16 surrogate, which has no UTF-8 form (encodeURI throws
 * on one; a database would store U+FFFD instead). String.prototype.isWellFormed where the runtime has it.
 */
export function isWellFormedText(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !/\p{Cs}/u.test(text);
}

export function isValidUsernameShape(value: string): boolean {
  return (
    value.length >= USERNAME_MIN_LENGTH &&
    value.length <= USERNAME_MAX_LENGTH &&
    USERNAME_PATTERN.test(value) &&
    !value.startsWith('-') &&
    !value.endsWith('-')
  );
}

/**
 * An http(s) URL with a host, at most 2048 characters, with no whitespace or control characters anywhere.
 * Returns the URL as the creator typed it (trimmed) or null when it is not acceptable.
 */
export function normalizeHttpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > LINK_URL_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(trimmed)) return null;
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname || parsed.username || parsed.password) return null;
  return trimmed;
}

/** What the Add Link dialog does while typing: prefix https:// unless the text already starts with a scheme. */
export function withDefaultScheme(value: string): string {
  if (value === '' || /^https?:\/\//i.test(value) || 'https://'.startsWith(value.toLowerCase()) || 'http://'.startsWith(value.toLowerCase())) {
    return value;
  }
  return `https://${value}`;
}

/** "25" or "25.50" → 2550, exactly (no floating point). Null when the text is not such an amount. */
export function parseDollarsToCents(value: string): number | null {
  if (!DOLLAR_AMOUNT_PATTERN.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}

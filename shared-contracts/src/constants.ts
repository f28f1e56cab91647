/** Business constants shared by the backend and both apps (spec §9, decisions.md). */

export const FREE_PLAN_LINK_LIMIT = 5;
export const PREMIUM_PRICE_CENTS = 999;
export const PLATFORM_FEE_PERCENT = 20;
export const MAX_BOOKING_PRICE_CENTS = 1_000_000;
export const MIN_BOOKING_PRICE_CENTS = 100;

export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 160;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const LINK_TITLE_MAX_LENGTH = 100;
export const LINK_URL_MAX_LENGTH = 2048;
export const CASHAPP_HANDLE_MAX_LENGTH = 20;
/**
 * The longest text the API reads anywhere (a body's string or key, a path, a query value), checked before any
 * field's own rules: far above every field's own limit (the longest, a support message, is 5,000), so a
 * field's own message is the one a person sees for text a little too long.
 */
export const TEXT_MAX_LENGTH = 20_000;

export const AVATAR_MAX_BYTES = 2_097_152;
export const BACKGROUND_MAX_BYTES = 5_242_880;
/** Upload URLs a creator may ask for in an hour (each is one avatar or background try). */
export const UPLOADS_PER_HOUR = 30;

export const THEMES = ['default', 'vibrant', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const PRESET_BACKGROUND_COLORS = [
  '#f8fafc',
  '#ffffff',
  '#f0f9ff',
  '#f0fdf4',
  '#faf5ff',
  '#fdf2f8',
  '#fff7ed',
  '#fefce8',
] as const;

/** Names that collide with routes or look official (decisions.md, Accounts and names). */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'api',
  'auth',
  'dashboard',
  'subscribe',
  'book',
  'booking-success',
  'order',
  'admin',
  'assets',
  'static',
  'objects',
  'go',
  'health',
  'metrics',
  'login',
  'logout',
  'signup',
  'settings',
  'help',
  'about',
  'privacy',
  'terms',
  'www',
  'root',
  'support',
  'register',
  'account',
  'billing',
  'official',
  'staff',
  'security',
  'forgot-password',
  'reset-password',
  'verify-email',
  // GET /api/users/availability and /api/users/reminders are the signed-in creator's; a page of either name
  // would never be reached.
  'availability',
  'reminders',
  // GET /api/users/calendar-feed and /api/users/calendar-connection are the signed-in creator's, likewise.
  'calendar-feed',
  'calendar-connection',
]);

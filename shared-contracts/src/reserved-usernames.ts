import { RESERVED_USERNAMES } from './constants.js';

/**
 * Names that would pass for the product, its staff or a payment service on a page of their own. They are
 * refused at sign-up and at a change of username (decisions.md, Accounts and names); unlike
 * RESERVED_USERNAMES they are no routes, so a page an account already has under one keeps working.
 */
export const PRODUCT_NAME = 'linkbio';

/** Prefixes nobody may start a new username with (hyphens aside): the product's name and "admin". */
export const RESERVED_USERNAME_PREFIXES: readonly string[] = [PRODUCT_NAME, 'admin'];

/** Staff and official words. */
export const STAFF_USERNAMES: readonly string[] = [
  'administrator',
  'administrators',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'sysadmin',
  'operator',
  'operators',
  'ops',
  'staff',
  'official',
  'team',
  'security',
  'support',
  'help',
  'helpdesk',
  'root',
  'system',
  'superuser',
  'owner',
  'webmaster',
  'hostmaster',
  'postmaster',
  'abuse',
  'noreply',
  'verified',
  'verify',
  'trust',
  'safety',
  'legal',
  'compliance',
  'billing',
  'payments',
  'payouts',
  'service',
  'customer',
  'care',
];

/** Payment brands, written without hyphens (apple-pay is applepay). */
export const PAYMENT_BRAND_USERNAMES: readonly string[] = [
  'stripe',
  'paypal',
  'cashapp',
  'venmo',
  'zelle',
  'visa',
  'mastercard',
  'amex',
  'americanexpress',
  'discover',
  'applepay',
  'googlepay',
  'gpay',
  'samsungpay',
  'square',
  'klarna',
  'afterpay',
  'wise',
  'revolut',
  'payoneer',
  'coinbase',
  'alipay',
  'wechatpay',
];

const OFFICIAL_WORDS = new Set([...STAFF_USERNAMES, ...PAYMENT_BRAND_USERNAMES]);
const LONGEST_WORD = Math.max(...[...OFFICIAL_WORDS].map((word) => word.length));

/** Whether `letters` is one or more official words one after the other ("stripesupport", "paypalteam"). */
function isOfficialWords(letters: string): boolean {
  const ends = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let end = 1; end <= letters.length; end += 1) {
    for (let start = Math.max(0, end - LONGEST_WORD); start < end && !ends[end]; start += 1) {
      ends[end] = ends[start]! && OFFICIAL_WORDS.has(letters.slice(start, end));
    }
  }
  return ends[letters.length]!;
}

/**
 * Whether a username (lowercase) may not be claimed: a route's name (RESERVED_USERNAMES), anything starting
 * with the product's name or "admin", or a name made only of staff words and payment brands, with or without
 * hyphens ("support", "stripe-support", "apple-pay", "paypalteam"). Names that merely contain such a word
 * ("modern", "teamalice", "square-bakery") stay free.
 */
export function isReservedUsername(username: string): boolean {
  if (RESERVED_USERNAMES.has(username)) return true;
  const letters = username.replace(/-/g, '');
  if (letters.length === 0) return false;
  if (RESERVED_USERNAME_PREFIXES.some((prefix) => letters.startsWith(prefix))) return true;
  return isOfficialWords(letters);
}

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

/**
 * What a name looks like, to compare it with the official ones: lowercase, without dots, hyphens and
 * underscores, digits read as the letters they stand in for (0→o, 1→l, 3→e, 4→a, 5→s, 7→t), "i" and "l" as one
 * letter (1, i and l pass for one another), "rn" as "m" and "vv" as "w". Official names are folded alike, so
 * "adm1n", "adrnin", "l1nkbio", "llnkbio", "supp0rt" and "paypa1" meet "admin", "linkbio", "support" and
 * "paypal"; a name folds to an official one only when it could pass for it.
 */
export function foldLookAlikes(name: string): string {
  return name
    .toLowerCase()
    .replace(/[._-]/g, '')
    .replace(/[013457]/g, (digit) => DIGIT_LETTERS[digit]!)
    .replace(/i/g, 'l')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

const DIGIT_LETTERS: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't' };

const fold = (names: Iterable<string>) => new Set([...names].map(foldLookAlikes));
const OFFICIAL_WORDS = fold([...STAFF_USERNAMES, ...PAYMENT_BRAND_USERNAMES]);
const ROUTE_NAMES = fold(RESERVED_USERNAMES);
const FOLDED_PREFIXES = [...fold(RESERVED_USERNAME_PREFIXES)];
const LONGEST_WORD = Math.max(...[...OFFICIAL_WORDS].map((word) => word.length));

/** Whether `letters` (folded) is one or more official words one after the other ("stripesupport", "paypalteam"). */
function isOfficialWords(letters: string): boolean {
  const ends = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let end = 1; end <= letters.length; end += 1) {
    for (let start = Math.max(0, end - LONGEST_WORD); start < end && !ends[end]; start += 1) {
      ends[end] = ends[start]! && OFFICIAL_WORDS.has(letters.slice(start, end));
    }
  }
  return ends[letters.length]!;
}

/** Whether a folded name is a route's name, starts with a reserved prefix or is made of official words. */
function looksOfficial(letters: string): boolean {
  if (letters.length === 0) return false;
  if (ROUTE_NAMES.has(letters)) return true;
  if (FOLDED_PREFIXES.some((prefix) => letters.startsWith(prefix))) return true;
  return isOfficialWords(letters);
}

/**
 * Whether a username (lowercase) may not be claimed: a route's name (RESERVED_USERNAMES), anything starting
 * with the product's name or "admin", or a name made only of staff words and payment brands, with or without
 * hyphens ("support", "stripe-support", "apple-pay", "paypalteam"); each also written with look-alikes
 * (foldLookAlikes: "adm1n", "str1pe", "r00t") or followed by digits ("paypal1", "support-24"). Names that
 * merely contain such a word ("modern", "teamalice", "square-bakery") stay free.
 */
export function isReservedUsername(username: string): boolean {
  if (RESERVED_USERNAMES.has(username)) return true;
  const name = username.replace(/[._-]/g, '');
  // The name as it is, then without each run of its trailing digits ("paypa11" is "paypa1" and a 1).
  for (let end = name.length; end > 0; end -= 1) {
    if (looksOfficial(foldLookAlikes(name.slice(0, end)))) return true;
    if (!/\d/.test(name[end - 1]!)) break;
  }
  return false;
}

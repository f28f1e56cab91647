import { RESERVED_USERNAMES } from './constants.js';
import { foldLookAlikes, isReservedUsername } from './reserved-usernames.js';

describe('isReservedUsername', () => {
  it.each([
    // the product's name and anything starting with it
    'linkbio',
    'linkbio-support',
    'linkbiohelp',
    'linkbio-official',
    'link-bio',
    'linkbio123',
    // staff words
    'administrator',
    'admin',
    'admin-team',
    'admins',
    'administration',
    'moderator',
    'mod',
    'mods',
    'sysadmin',
    'operator',
    'ops',
    'staff',
    'official',
    'team',
    'security',
    'support',
    'help',
    'root',
    'system',
    'help-desk',
    'support-team',
    'security-team',
    'official-support',
    'customer-care',
    // payment brands, alone or with staff words
    'stripe',
    'paypal',
    'cashapp',
    'cash-app',
    'venmo',
    'visa',
    'mastercard',
    'amex',
    'apple-pay',
    'applepay',
    'google-pay',
    'square',
    'stripe-support',
    'paypal-help',
    'paypalteam',
    'venmo-official',
    // route names
    'api',
    'auth',
    'dashboard',
    'booking-success',
    'go',
    // look-alikes of official names (issue 25)
    'adm1n',
    'l1nkbio',
    'supp0rt',
    'paypa1',
    'str1pe',
    'r00t',
    '0fficial',
    'adrnin',
    'llnkbio',
    'iinkbio',
    '5ecur1ty',
    'h3lp',
    'st4ff',
    '7eam',
    'vvise',
    'rnod',
    'l1nkb10-support',
    'paypa1-team',
    // reserved names with digits after them
    'paypal1',
    'support1',
    'support-24',
    'admin2',
    'stripe2024',
    'paypa11',
    'dashboard1',
    'r00t1',
  ])('reserves %p', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each([
    'alice',
    'modern',
    'opsec-fan',
    'teamalice',
    'alice-team-fan',
    'square-bakery',
    'visavis',
    'paypalsucks-not',
    'rootbeer',
    'helper',
    'supporter-club',
    'stripes',
    'link',
    'bio',
    'my-linkbio',
    'bob-admin',
    'a-b-c',
    '123',
    // ordinary names that folding look-alikes leaves ordinary (rn, vv, digits and i/l read as letters)
    'marina',
    'vvalter',
    'bernard',
    'turner',
    'warren',
    'arnold',
    'darnell',
    'verna',
    'kevin',
    'liam',
    'lisa',
    'olivia',
    'ian',
    'iris',
    'lily',
    'adrian',
    'admiral',
    'martin',
    'vivian',
    'alex2000',
    'maria-1990',
    'steve7',
    'jo3-smith',
    'b0b',
    '1337',
    'go2bed',
    'rnb-fan',
    'billy',
    'mode',
    'r2d2',
    'team-lisa',
  ])('leaves %p free', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('reserves every route name', () => {
    expect([...RESERVED_USERNAMES].filter((name) => !isReservedUsername(name))).toEqual([]);
  });

  it('folds look-alikes as the issue lists them', () => {
    expect(foldLookAlikes('0-1.3_4 5 7')).toBe(foldLookAlikes('o-l.e_a s t'));
    expect(foldLookAlikes('adrnin')).toBe(foldLookAlikes('admin'));
    expect(foldLookAlikes('vvise')).toBe(foldLookAlikes('wise'));
    expect(foldLookAlikes('l1nkbio')).toBe(foldLookAlikes('linkbio'));
    expect(foldLookAlikes('Pay.Pal_1')).toBe(foldLookAlikes('paypal1'));
  });
});

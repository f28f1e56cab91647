import { RESERVED_USERNAMES } from './constants.js';
import { isReservedUsername } from './reserved-usernames.js';

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
  ])('leaves %p free', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('reserves every route name', () => {
    expect([...RESERVED_USERNAMES].filter((name) => !isReservedUsername(name))).toEqual([]);
  });
});

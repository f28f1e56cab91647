import { Messages, RESERVED_USERNAMES } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { assertClaimableUsername } from './username.js';

describe('assertClaimableUsername', () => {
  it.each(['abc', 'alice', 'a-b-c', 'user123', '123', 'a'.repeat(30)])('accepts %p unchanged', (name) => {
    expect(assertClaimableUsername(name)).toBe(name);
  });

  it.each(['ab', 'a'.repeat(31), 'Alice', 'al ice', 'al_ice', 'alice!', '-alice', 'alice-', '', 'ålice'])(
    'refuses %p by its shape',
    (name) => {
      expect(() => assertClaimableUsername(name)).toThrow(aDomainError('invalid', Messages.usernameCharacters));
    },
  );

  it.each([
    // routes
    'api',
    'admin',
    'dashboard',
    'booking-success',
    'www',
    'login',
    // the product's name and anything starting with it
    'linkbio',
    'linkbio-support',
    'linkbio-help',
    'linkbioteam',
    // staff words
    'administrator',
    'admin-desk',
    'moderator',
    'mod',
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
    'support-team',
    // payment brands
    'stripe',
    'paypal',
    'cashapp',
    'venmo',
    'visa',
    'mastercard',
    'amex',
    'apple-pay',
    'google-pay',
    'square',
    'paypal-support',
  ])(
    'refuses the reserved name %p',
    (name) => {
      expect(() => assertClaimableUsername(name)).toThrow(aDomainError('invalid', Messages.usernameReserved));
    },
  );

  it.each(['modern', 'teamalice', 'square-bakery', 'rootbeer', 'bob-admin', 'my-linkbio'])(
    'accepts %p, which only contains a reserved word',
    (name) => {
      expect(assertClaimableUsername(name)).toBe(name);
    },
  );

  it('refuses every reserved name that has a username’s shape', () => {
    const claimable = [...RESERVED_USERNAMES].filter((name) => {
      try {
        assertClaimableUsername(name);
        return true;
      } catch {
        return false;
      }
    });

    expect(claimable).toEqual([]);
  });
});

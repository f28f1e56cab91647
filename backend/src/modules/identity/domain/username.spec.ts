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

  it.each(['api', 'admin', 'dashboard', 'booking-success', 'www', 'support', 'login'])(
    'refuses the reserved name %p',
    (name) => {
      expect(() => assertClaimableUsername(name)).toThrow(aDomainError('invalid', Messages.usernameReserved));
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

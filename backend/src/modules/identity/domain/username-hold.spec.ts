import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { User } from './user.js';
import { isHeldAt, renameUser, type UsernameHold } from './username-hold.js';

const CREATED = new Date('2026-03-01T09:00:00.000Z');
const NOW = new Date('2026-03-02T12:00:00.000Z');
const THIRTY_DAYS_LATER = new Date('2026-04-01T12:00:00.000Z');

const creator = (username = 'alice') =>
  User.register({ username, email: `${username}@example.com`, passwordHash: 'h', displayName: 'Alice', bio: null }, CREATED);
const hold = (username: string, userId: string, heldUntil = THIRTY_DAYS_LATER): UsernameHold => ({ username, userId, heldUntil });
const OTHER = '0b0c9f7e-7a2e-4a8f-9d3c-2f1b6c1d2e3f';

describe('renameUser', () => {
  it('gives the new name, stamps the time and holds the old name, in lower case, for 30 days', () => {
    const user = creator('Alice-Old');

    const left = renameUser(user, 'alice-new', null, NOW);

    expect(user).toMatchObject({ username: 'alice-new', updatedAt: NOW });
    expect(left).toEqual({ username: 'alice-old', userId: user.id, heldUntil: THIRTY_DAYS_LATER });
  });

  it.each([
    ['the same name', 'alice', 'invalid', AccountMessages.usernameUnchanged],
    ['a name too short', 'al', 'invalid', Messages.usernameCharacters],
    ['a name with capitals', 'Alice2', 'invalid', Messages.usernameCharacters],
    ['a name with a hyphen at the end', 'alice-', 'invalid', Messages.usernameCharacters],
    ['a route name', 'dashboard', 'invalid', Messages.usernameReserved],
    ['the product’s name', 'linkbio-alice', 'invalid', Messages.usernameReserved],
    ['a staff word', 'moderator', 'invalid', Messages.usernameReserved],
    ['a payment brand', 'paypal', 'invalid', Messages.usernameReserved],
  ] as const)('refuses %s, changing nothing', (_case, requested, kind, message) => {
    const user = creator();

    expect(() => renameUser(user, requested, null, NOW)).toThrow(aDomainError(kind, message));
    expect(user).toMatchObject({ username: 'alice', updatedAt: CREATED });
  });

  it('refuses a name another account holds, until its hold ends', () => {
    const user = creator();
    const held = hold('bob', OTHER, new Date(NOW.getTime() + 1));

    expect(() => renameUser(user, 'bob', held, NOW)).toThrow(aDomainError('conflict', AccountMessages.usernameHeld));
    expect(user.username).toBe('alice');
    expect(renameUser(user, 'bob', hold('bob', OTHER, NOW), NOW).username).toBe('alice');
    expect(user.username).toBe('bob');
  });

  it('lets the account take back a name it holds, even one reserved since it had it', () => {
    const user = creator('alice2');
    expect(renameUser(user, 'alice', hold('alice', user.id), NOW).username).toBe('alice2');
    expect(user.username).toBe('alice');

    const grandfathered = creator('alice3');
    renameUser(grandfathered, 'stripe-fan', hold('stripe-fan', grandfathered.id), NOW);
    expect(grandfathered.username).toBe('stripe-fan');
  });

  it('refuses a reserved name the account held once, after the hold ended', () => {
    const user = creator();
    expect(() => renameUser(user, 'stripe', hold('stripe', user.id, NOW), NOW)).toThrow(
      aDomainError('invalid', Messages.usernameReserved),
    );
  });
});

describe('isHeldAt', () => {
  it('holds until the end, exclusive', () => {
    const held = hold('bob', OTHER, NOW);
    expect(isHeldAt(held, new Date(NOW.getTime() - 1))).toBe(true);
    expect(isHeldAt(held, NOW)).toBe(false);
    expect(isHeldAt(null, NOW)).toBe(false);
  });
});

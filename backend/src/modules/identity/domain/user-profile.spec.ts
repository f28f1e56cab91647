import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { User } from './user.js';

const creator = () =>
  User.register({ username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: 'Hello' }, new Date());

describe('User.changeProfile', () => {
  it('stores the display name and bio trimmed', () => {
    const user = creator();
    user.changeProfile({ displayName: '  Alice B.  ', bio: '  New bio ' });
    expect([user.displayName, user.bio]).toEqual(['Alice B.', 'New bio']);
  });

  it.each([null, '', '   '])('clears the bio when sent %j', (bio) => {
    const user = creator();
    user.changeProfile({ displayName: 'Alice', bio });
    expect(user.bio).toBeNull();
  });

  it('keeps the bio when it is left out', () => {
    const user = creator();
    user.changeProfile({ displayName: 'Alicia' });
    expect([user.displayName, user.bio]).toEqual(['Alicia', 'Hello']);
  });

  it.each([
    ['an empty display name', { displayName: '  ' }, Messages.displayNameRequired],
    ['a display name of 51 characters', { displayName: 'a'.repeat(51) }, Messages.displayNameTooLong],
    ['a display name of 50 emoji with variation selectors', { displayName: '❤️'.repeat(26) }, Messages.displayNameTooLong],
    ['a bio of 161 characters', { displayName: 'Alice', bio: 'b'.repeat(161) }, Messages.bioTooLong],
  ])('refuses %s, changing nothing', (_case, change, message) => {
    const user = creator();
    expect(() => user.changeProfile(change)).toThrow(aDomainError('invalid', message));
    expect([user.displayName, user.bio]).toEqual(['Alice', 'Hello']);
  });

  it('accepts exactly 50 and 160 characters', () => {
    const user = creator();
    user.changeProfile({ displayName: 'a'.repeat(50), bio: 'b'.repeat(160) });
    expect([user.displayName.length, user.bio?.length]).toEqual([50, 160]);
  });
});

import { SeoMessages, SocialMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { User } from './user.js';

const aUser = () =>
  User.register(
    { username: 'alice', email: 'alice@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
    new Date('2026-03-02T09:00:00.000Z'),
  );

describe('User.changeSocials', () => {
  it('starts with no icons, shown at the top', () => {
    expect(aUser()).toMatchObject({ socials: [], socialsPosition: 'top' });
  });

  it('replaces the whole list, each address as the platform has it, and keeps the position when left out', () => {
    const user = aUser();
    user.changeSocials([{ platform: 'instagram', url: 'https://instagram.com/alice' }], 'bottom');
    user.changeSocials([
      { platform: 'email', url: 'alice@example.com' },
      { platform: 'github', url: '@alice' },
    ]);
    expect(user.socials).toEqual([
      { platform: 'email', url: 'mailto:alice@example.com' },
      { platform: 'github', url: 'https://github.com/alice' },
    ]);
    expect(user.socialsPosition).toBe('bottom');
  });

  it.each<[string, unknown, unknown, string]>([
    ['a wrong address', [{ platform: 'instagram', url: 'https://tiktok.com/@a' }], undefined, "That isn't an Instagram address"],
    ['an unknown platform', [{ platform: 'myspace', url: 'https://myspace.com/a' }], undefined, SocialMessages.unknownPlatform],
    ['a platform twice', [{ platform: 'x', url: '@a' }, { platform: 'x', url: '@b' }], undefined, SocialMessages.twice('x')],
    ['another position', [], 'left', SocialMessages.invalidPosition],
  ])('refuses %s and changes nothing', (_, list, position, message) => {
    const user = aUser();
    user.changeSocials([{ platform: 'x', url: '@alice' }]);
    expect(() => user.changeSocials(list, position)).toThrow(aDomainError('invalid', message));
    expect(user.socials).toEqual([{ platform: 'x', url: 'https://x.com/alice' }]);
    expect(user.socialsPosition).toBe('top');
  });
});

describe('User.changeSeo', () => {
  it('sets the texts trimmed, and empty or null go back to the defaults', () => {
    const user = aUser();
    user.changeSeo({ title: '  Alice bakes  ', description: 'Bread every day' });
    expect(user).toMatchObject({ seoTitle: 'Alice bakes', seoDescription: 'Bread every day', seoImage: null });
    user.changeSeo({ title: '' });
    expect(user).toMatchObject({ seoTitle: null, seoDescription: 'Bread every day' });
    user.changeSeo({ description: null });
    expect(user.seoDescription).toBeNull();
  });

  it('caps the lengths, counting characters as the database does', () => {
    const user = aUser();
    user.changeSeo({ title: '😀'.repeat(70) });
    expect(() => user.changeSeo({ title: 'a'.repeat(71) })).toThrow(aDomainError('invalid', SeoMessages.titleTooLong));
    expect(() => user.changeSeo({ description: 'a'.repeat(201) })).toThrow(
      aDomainError('invalid', SeoMessages.descriptionTooLong),
    );
    expect(user.seoTitle).toBe('😀'.repeat(70));
  });

  it('keeps or clears the uploaded image, and takes no other address', () => {
    const user = aUser();
    user.changeShareImage('https://cdn.example/users/a/b.png');
    user.changeSeo({ image: 'https://cdn.example/users/a/b.png' });
    expect(user.seoImage).toBe('https://cdn.example/users/a/b.png');
    expect(() => user.changeSeo({ title: 'x', image: 'javascript:alert(1)' })).toThrow(
      aDomainError('invalid', SeoMessages.imageNotUploaded),
    );
    expect(user.seoTitle).toBeNull();
    user.changeSeo({ image: null });
    expect(user.seoImage).toBeNull();
  });
});

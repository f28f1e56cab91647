import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  parseSocials,
  SOCIAL_PLATFORMS,
  SOCIALS_MAX_COUNT,
  SocialMessages,
  socialUrl,
  type SocialPlatform,
} from './socials.js';
import { SeoMessages, UpdateSeoRequest, UpdateSocialsRequest } from './socials.dto.js';

/** Each platform: what it accepts (as typed → as stored) and what it refuses. */
const TABLE: Record<SocialPlatform, { accepted: Array<[string, string]>; refused: string[] }> = {
  instagram: {
    accepted: [
      ['https://instagram.com/jane', 'https://instagram.com/jane'],
      ['https://www.instagram.com/jane.doe/', 'https://www.instagram.com/jane.doe/'],
      ['instagram.com/jane', 'https://instagram.com/jane'],
      ['@jane.doe', 'https://instagram.com/jane.doe'],
      ['jane', 'https://instagram.com/jane'],
    ],
    refused: ['https://instagram.com/', 'https://evil.com/instagram.com/jane', 'https://instagram.com.evil.com/jane', 'javascript:alert(1)', 'https://instagram.com/a/b/c'],
  },
  tiktok: {
    accepted: [['https://www.tiktok.com/@jane', 'https://www.tiktok.com/@jane'], ['@jane', 'https://tiktok.com/@jane']],
    refused: ['https://tiktok.com/jane', 'https://tiktok.evil.com/@jane'],
  },
  youtube: {
    accepted: [
      ['https://youtube.com/@jane', 'https://youtube.com/@jane'],
      ['https://www.youtube.com/channel/UC123', 'https://www.youtube.com/channel/UC123'],
      ['https://youtu.be/abc', 'https://youtu.be/abc'],
    ],
    refused: ['https://youtube.com/', 'https://vimeo.com/jane'],
  },
  x: {
    accepted: [['https://x.com/jane', 'https://x.com/jane'], ['https://twitter.com/jane', 'https://twitter.com/jane'], ['@jane', 'https://x.com/jane']],
    refused: ['https://x.co/jane', 'https://x.com/'],
  },
  threads: {
    accepted: [['https://www.threads.net/@jane', 'https://www.threads.net/@jane'], ['https://threads.com/@jane', 'https://threads.com/@jane']],
    refused: ['https://threads.net/jane'],
  },
  facebook: {
    accepted: [['https://facebook.com/jane', 'https://facebook.com/jane'], ['https://m.facebook.com/profile.php?id=4', 'https://m.facebook.com/profile.php?id=4']],
    refused: ['https://facebook.com', 'https://faceb00k.com/jane'],
  },
  linkedin: {
    accepted: [['https://www.linkedin.com/in/jane', 'https://www.linkedin.com/in/jane'], ['https://linkedin.com/company/acme', 'https://linkedin.com/company/acme']],
    refused: ['https://linkedin.com/jane', '@jane'],
  },
  github: {
    accepted: [['https://github.com/jane', 'https://github.com/jane'], ['jane', 'https://github.com/jane']],
    refused: ['https://gist.github.com/jane', 'https://github.com/jane/repo'],
  },
  twitch: { accepted: [['https://twitch.tv/jane', 'https://twitch.tv/jane']], refused: ['https://twitch.com/jane'] },
  spotify: {
    accepted: [['https://open.spotify.com/artist/0abc', 'https://open.spotify.com/artist/0abc']],
    refused: ['https://spotify.evil.com/artist/1', 'jane'],
  },
  soundcloud: { accepted: [['https://soundcloud.com/jane', 'https://soundcloud.com/jane']], refused: ['https://soundcloud.com/'] },
  bluesky: {
    accepted: [['https://bsky.app/profile/jane.bsky.social', 'https://bsky.app/profile/jane.bsky.social']],
    refused: ['https://bsky.app/jane', 'https://bsky.social/profile/jane'],
  },
  mastodon: {
    accepted: [
      ['https://mastodon.social/@jane', 'https://mastodon.social/@jane'],
      ['https://fosstodon.org/@jane_doe/', 'https://fosstodon.org/@jane_doe/'],
    ],
    refused: ['http://mastodon.social/@jane', 'https://mastodon.social/jane', 'https://localhost/@jane', 'https://mastodon.social:8443/@jane', '@jane'],
  },
  pinterest: {
    accepted: [['https://pinterest.com/jane', 'https://pinterest.com/jane'], ['https://www.pinterest.co.uk/jane', 'https://www.pinterest.co.uk/jane']],
    refused: ['https://pinterest.evil.com/jane', 'https://pinterest.com/'],
  },
  snapchat: { accepted: [['https://www.snapchat.com/add/jane', 'https://www.snapchat.com/add/jane']], refused: ['https://snap.com/jane'] },
  whatsapp: {
    accepted: [['https://wa.me/15551234567', 'https://wa.me/15551234567'], ['https://chat.whatsapp.com/AbC', 'https://chat.whatsapp.com/AbC']],
    refused: ['https://wa.me/', 'https://wa.me.evil.com/1'],
  },
  telegram: { accepted: [['https://t.me/jane', 'https://t.me/jane'], ['@jane', 'https://t.me/jane']], refused: ['https://t.co/jane'] },
  discord: {
    accepted: [['https://discord.gg/abc123', 'https://discord.gg/abc123'], ['https://discord.com/invite/abc123', 'https://discord.com/invite/abc123']],
    refused: ['https://evil.com/invite/abc123', 'https://discord.com/abc123', 'https://discord.gg/', 'https://discord.gg/a/b'],
  },
  patreon: { accepted: [['https://www.patreon.com/jane', 'https://www.patreon.com/jane']], refused: ['https://patreon.evil.com/jane'] },
  substack: {
    accepted: [['https://jane.substack.com', 'https://jane.substack.com'], ['https://substack.com/@jane', 'https://substack.com/@jane']],
    refused: ['https://substack.com', 'https://www.substack.com/', 'https://jane.substack.com.evil.com'],
  },
  email: {
    accepted: [['jane@example.com', 'mailto:jane@example.com'], ['mailto:jane@example.com', 'mailto:jane@example.com'], [' jane@example.com ', 'mailto:jane@example.com']],
    refused: ['jane', 'https://example.com', 'jane@', `${'a'.repeat(250)}@example.com`],
  },
  website: {
    accepted: [['https://example.com', 'https://example.com'], ['example.com/shop', 'https://example.com/shop'], ['http://example.com', 'http://example.com']],
    refused: ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'https://user:pw@example.com', 'jane'],
  },
};

describe('socialUrl', () => {
  it('has a table row for every platform', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...SOCIAL_PLATFORMS].sort());
  });

  for (const platform of SOCIAL_PLATFORMS) {
    describe(platform, () => {
      it.each(TABLE[platform].accepted)('accepts %p as %p', (input, stored) => {
        expect(socialUrl(platform, input)).toBe(stored);
      });
      it.each([...TABLE[platform].refused, '', '   ', 'https://exa mple.com/x', 'JaVaScRiPt:alert(1)'])('refuses %p', (input) => {
        expect(socialUrl(platform, input)).toBeNull();
      });
    });
  }
});

describe('parseSocials', () => {
  it('keeps the order and stores each address as the platform has it', () => {
    expect(parseSocials([{ platform: 'github', url: 'jane' }, { platform: 'email', url: 'a@b.co' }])).toEqual({
      socials: [
        { platform: 'github', url: 'https://github.com/jane' },
        { platform: 'email', url: 'mailto:a@b.co' },
      ],
    });
  });

  it.each<[string, unknown, string]>([
    ['not a list', { platform: 'x' }, SocialMessages.notAList],
    ['an item that is not an object', ['https://x.com/a'], SocialMessages.itemShape],
    ['an unknown platform', [{ platform: 'myspace', url: 'https://myspace.com/a' }], SocialMessages.unknownPlatform],
    ['a url that is not text', [{ platform: 'x', url: 5 }], "That isn't an X address"],
    ['a wrong address', [{ platform: 'instagram', url: 'https://x.com/a' }], "That isn't an Instagram address"],
    ['a platform twice', [{ platform: 'x', url: '@a' }, { platform: 'x', url: '@b' }], SocialMessages.twice('x')],
    ['an extra field', [{ platform: 'x', url: '@a', icon: 'evil' }], 'Unexpected field: socials.icon'],
    [
      'too many',
      SOCIAL_PLATFORMS.slice(0, SOCIALS_MAX_COUNT + 1).map((platform) => ({ platform, url: 'x' })),
      SocialMessages.tooMany,
    ],
  ])('refuses %s', (_, value, message) => {
    expect(parseSocials(value)).toEqual({ error: message });
  });
});

describe('UpdateSocialsRequest', () => {
  const errors = (body: object) =>
    validateSync(plainToInstance(UpdateSocialsRequest, body)).flatMap((e) => Object.values(e.constraints ?? {}));

  it('takes a good list with either position', () => {
    expect(errors({ socials: [{ platform: 'x', url: '@a' }], position: 'bottom' })).toEqual([]);
    expect(errors({ socials: [] })).toEqual([]);
  });

  it('names the platform whose address is wrong', () => {
    expect(errors({ socials: [{ platform: 'tiktok', url: 'https://x.com/a' }] })).toEqual(["That isn't a TikTok address"]);
  });

  it('refuses another position', () => {
    expect(errors({ socials: [], position: 'left' })).toEqual([SocialMessages.invalidPosition]);
  });
});

describe('UpdateSeoRequest', () => {
  const errors = (body: object) =>
    validateSync(plainToInstance(UpdateSeoRequest, body)).flatMap((e) => Object.values(e.constraints ?? {}));

  it('takes short texts, and null or empty for the defaults', () => {
    expect(errors({ title: 'Jane', description: 'Hi', image: null })).toEqual([]);
    expect(errors({ title: '', description: null })).toEqual([]);
  });

  it('caps the lengths', () => {
    expect(errors({ title: 'a'.repeat(71) })).toEqual([SeoMessages.titleTooLong]);
    expect(errors({ description: 'a'.repeat(201) })).toEqual([SeoMessages.descriptionTooLong]);
    expect(errors({ title: 'a'.repeat(70), description: 'a'.repeat(200) })).toEqual([]);
  });

  it('refuses what is not text', () => {
    expect(errors({ title: 5 })[0]).toBe('Title must be text');
  });
});

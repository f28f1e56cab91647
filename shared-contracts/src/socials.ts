import { EMAIL_MAX_LENGTH } from './constants.js';
import { isEmailAddress } from './validators.js';
import { normalizeHttpUrl } from './validation.js';

/**
 * Social icons (issue 26): the platforms a creator can show as a row of icons on their page, and the rule each
 * address must follow. Written once, so the dashboard checks exactly what the API does.
 */
export const SOCIAL_PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'threads',
  'facebook',
  'linkedin',
  'github',
  'twitch',
  'spotify',
  'soundcloud',
  'bluesky',
  'mastodon',
  'pinterest',
  'snapchat',
  'whatsapp',
  'telegram',
  'discord',
  'patreon',
  'substack',
  'email',
  'website',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Where the row of icons shows: under the bio ('top', the default) or above the footer ('bottom'). */
export const SOCIAL_POSITIONS = ['top', 'bottom'] as const;
export type SocialPosition = (typeof SOCIAL_POSITIONS)[number];
export const DEFAULT_SOCIAL_POSITION: SocialPosition = 'top';

/** At most this many icons: a row that stays one or two lines on a phone (and the page in its weight budget). */
export const SOCIALS_MAX_COUNT = 12;

export interface SocialLink {
  platform: SocialPlatform;
  /** An http(s) address of the platform, or `mailto:` and an address for e-mail. */
  url: string;
}

export interface SocialsView {
  socials: SocialLink[];
  position: SocialPosition;
}

interface PlatformRule {
  /** The platform's name, as the icon's accessible name and in messages. */
  name: string;
  /** 'an' or 'a', for "That isn't an Instagram address". */
  article: 'a' | 'an';
  /** What the dashboard's field shows as an example. */
  example: string;
  /** Host names (and their www. / m. forms) whose addresses belong to the platform. */
  hosts?: readonly string[];
  /** The path an address must have on those hosts (after the host, without query or fragment). */
  path?: RegExp;
  /** The profile address of a bare handle (`@name` or `name`), where the platform has one. */
  handle?: (name: string) => string;
}

const NAME = '[A-Za-z0-9._-]+';
/** Any path with at least one segment. */
const ANY_PATH = /^\/[^/]+/;
const named = (prefix = '') => new RegExp(`^/${prefix}${NAME}/?$`);

const RULES: Record<Exclude<SocialPlatform, 'email' | 'website'>, PlatformRule> = {
  instagram: {
    name: 'Instagram',
    article: 'an',
    example: 'https://instagram.com/yourname',
    hosts: ['instagram.com', 'instagr.am'],
    path: named(),
    handle: (n) => `https://instagram.com/${n}`,
  },
  tiktok: {
    name: 'TikTok',
    article: 'a',
    example: 'https://tiktok.com/@yourname',
    hosts: ['tiktok.com'],
    path: named('@'),
    handle: (n) => `https://tiktok.com/@${n}`,
  },
  youtube: {
    name: 'YouTube',
    article: 'a',
    example: 'https://youtube.com/@yourchannel',
    hosts: ['youtube.com', 'youtu.be'],
    path: ANY_PATH,
    handle: (n) => `https://youtube.com/@${n}`,
  },
  x: {
    name: 'X',
    article: 'an',
    example: 'https://x.com/yourname',
    hosts: ['x.com', 'twitter.com'],
    path: named(),
    handle: (n) => `https://x.com/${n}`,
  },
  threads: {
    name: 'Threads',
    article: 'a',
    example: 'https://threads.net/@yourname',
    hosts: ['threads.net', 'threads.com'],
    path: named('@'),
    handle: (n) => `https://threads.net/@${n}`,
  },
  facebook: {
    name: 'Facebook',
    article: 'a',
    example: 'https://facebook.com/yourpage',
    hosts: ['facebook.com', 'fb.com', 'fb.me'],
    path: ANY_PATH,
    handle: (n) => `https://facebook.com/${n}`,
  },
  linkedin: {
    name: 'LinkedIn',
    article: 'a',
    example: 'https://linkedin.com/in/yourname',
    hosts: ['linkedin.com'],
    path: /^\/(in|company|school|showcase)\/[^/]+/,
  },
  github: {
    name: 'GitHub',
    article: 'a',
    example: 'https://github.com/yourname',
    hosts: ['github.com'],
    path: named(),
    handle: (n) => `https://github.com/${n}`,
  },
  twitch: {
    name: 'Twitch',
    article: 'a',
    example: 'https://twitch.tv/yourname',
    hosts: ['twitch.tv'],
    path: named(),
    handle: (n) => `https://twitch.tv/${n}`,
  },
  spotify: {
    name: 'Spotify',
    article: 'a',
    example: 'https://open.spotify.com/artist/…',
    hosts: ['open.spotify.com', 'spotify.link'],
    path: ANY_PATH,
  },
  soundcloud: {
    name: 'SoundCloud',
    article: 'a',
    example: 'https://soundcloud.com/yourname',
    hosts: ['soundcloud.com', 'on.soundcloud.com'],
    path: ANY_PATH,
    handle: (n) => `https://soundcloud.com/${n}`,
  },
  bluesky: {
    name: 'Bluesky',
    article: 'a',
    example: 'https://bsky.app/profile/you.bsky.social',
    hosts: ['bsky.app'],
    path: /^\/profile\/[^/]+\/?$/,
  },
  mastodon: { name: 'Mastodon', article: 'a', example: 'https://mastodon.social/@yourname' },
  pinterest: {
    name: 'Pinterest',
    article: 'a',
    example: 'https://pinterest.com/yourname',
    hosts: ['pinterest.com', 'pin.it'],
    path: ANY_PATH,
    handle: (n) => `https://pinterest.com/${n}`,
  },
  snapchat: {
    name: 'Snapchat',
    article: 'a',
    example: 'https://snapchat.com/add/yourname',
    hosts: ['snapchat.com'],
    path: ANY_PATH,
    handle: (n) => `https://snapchat.com/add/${n}`,
  },
  whatsapp: {
    name: 'WhatsApp',
    article: 'a',
    example: 'https://wa.me/15551234567',
    hosts: ['wa.me', 'whatsapp.com', 'chat.whatsapp.com'],
    path: ANY_PATH,
  },
  telegram: {
    name: 'Telegram',
    article: 'a',
    example: 'https://t.me/yourname',
    hosts: ['t.me', 'telegram.me'],
    path: ANY_PATH,
    handle: (n) => `https://t.me/${n}`,
  },
  discord: {
    name: 'Discord',
    article: 'a',
    example: 'https://discord.gg/invitecode',
    hosts: ['discord.gg', 'discord.com', 'discordapp.com'],
    path: ANY_PATH,
  },
  patreon: {
    name: 'Patreon',
    article: 'a',
    example: 'https://patreon.com/yourname',
    hosts: ['patreon.com'],
    path: ANY_PATH,
    handle: (n) => `https://patreon.com/${n}`,
  },
  substack: { name: 'Substack', article: 'a', example: 'https://yourname.substack.com' },
};

/** The name of each platform, as its icon's accessible name and in the dashboard's list. */
export const SOCIAL_PLATFORM_NAMES: Record<SocialPlatform, string> = {
  ...Object.fromEntries(Object.entries(RULES).map(([id, rule]) => [id, rule.name])),
  email: 'E-mail',
  website: 'Website',
} as Record<SocialPlatform, string>;

/** An example address the dashboard's field shows for each platform. */
export const SOCIAL_PLATFORM_EXAMPLES: Record<SocialPlatform, string> = {
  ...Object.fromEntries(Object.entries(RULES).map(([id, rule]) => [id, rule.example])),
  email: 'you@example.com',
  website: 'https://example.com',
} as Record<SocialPlatform, string>;

export const SocialMessages = {
  notPlatformAddress: (platform: SocialPlatform): string => {
    if (platform === 'email') return "That isn't an e-mail address";
    if (platform === 'website') return "That isn't a website address (it must start with http:// or https://)";
    const rule = RULES[platform];
    return `That isn't ${rule.article} ${rule.name} address`;
  },
  unknownPlatform: 'Choose a platform from the list',
  notAList: 'socials must be a list of { platform, url }',
  itemShape: 'Each social icon needs a platform and its address (url)',
  twice: (platform: SocialPlatform) => `${SOCIAL_PLATFORM_NAMES[platform]} is in the list twice: each platform can be added once`,
  tooMany: `You can show at most ${SOCIALS_MAX_COUNT} social icons`,
  invalidPosition: 'Position must be top or bottom',
} as const;

export const isSocialPlatform = (value: unknown): value is SocialPlatform =>
  typeof value === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(value);

const hostIs = (host: string, domain: string) => host === domain || host === `www.${domain}` || host === `m.${domain}`;

/** A bare handle (`@name` or `name`), without any dot-less ambiguity of an address. */
const HANDLE = /^@?([A-Za-z0-9_][A-Za-z0-9._-]{0,63})$/;

/** The text with https:// put in front where it names a host without a scheme (`instagram.com/you`). */
function withScheme(text: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) || !/^[^/\s]+\.[^/\s]+/.test(text) ? text : `https://${text}`;
}

function platformUrl(platform: Exclude<SocialPlatform, 'email' | 'website'>, text: string): string | null {
  const rule = RULES[platform];
  const handle = HANDLE.exec(text);
  // `@john.doe` is a handle; `john.doe` without the @ could be a host, so only dot-less names count without it.
  if (handle && rule.handle && (text.startsWith('@') || !handle[1]!.includes('.'))) return rule.handle(handle[1]!);
  const url = normalizeHttpUrl(withScheme(text));
  if (url === null) return null;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname;
  if (platform === 'mastodon') {
    // Any server (a federated network), but over https and with a /@name profile path.
    const profile = /^\/@[A-Za-z0-9_]+(@[^/]+)?\/?$/.test(path);
    return parsed.protocol === 'https:' && host.includes('.') && !parsed.port && profile ? url : null;
  }
  if (platform === 'substack') {
    if (/^[a-z0-9-]+\.substack\.com$/.test(host) && !hostIs(host, 'substack.com')) return url;
    return hostIs(host, 'substack.com') && /^\/@[A-Za-z0-9._-]+\/?$/.test(path) ? url : null;
  }
  if (platform === 'discord') {
    if (hostIs(host, 'discord.gg')) return /^\/[A-Za-z0-9-]+\/?$/.test(path) ? url : null;
    return rule.hosts!.some((domain) => hostIs(host, domain)) && /^\/invite\/[A-Za-z0-9-]+\/?$/.test(path) ? url : null;
  }
  if (platform === 'pinterest' && /^(www\.)?pinterest\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host)) {
    return ANY_PATH.test(path) ? url : null;
  }
  if (!rule.hosts?.some((domain) => hostIs(host, domain))) return null;
  return rule.path && !rule.path.test(path) ? null : url;
}

/**
 * The address to store for a platform from what the creator typed: a full address, one without https://, or
 * (where the platform has profile addresses) a bare handle; for e-mail an address, stored as `mailto:`. Null
 * when it is not the platform's.
 */
export function socialUrl(platform: SocialPlatform, input: string): string | null {
  const text = input.trim();
  if (text.length === 0) return null;
  if (platform === 'email') {
    const address = text.replace(/^mailto:/i, '');
    return address.length <= EMAIL_MAX_LENGTH && isEmailAddress(address) ? `mailto:${address}` : null;
  }
  if (platform === 'website') return normalizeHttpUrl(withScheme(text));
  return platformUrl(platform, text);
}

/** The list as stored, or the first problem with it (a message for a person). */
export type SocialsParse = { socials: SocialLink[]; error?: undefined } | { error: string };

/** Checks a whole list as sent (unknown shape): each platform known and once, each address the platform's. */
export function parseSocials(value: unknown): SocialsParse {
  if (!Array.isArray(value)) return { error: SocialMessages.notAList };
  if (value.length > SOCIALS_MAX_COUNT) return { error: SocialMessages.tooMany };
  const socials: SocialLink[] = [];
  const seen = new Set<SocialPlatform>();
  for (const item of value) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { error: SocialMessages.itemShape };
    const { platform, url, ...rest } = item as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) return { error: `Unexpected field: socials.${extra}` };
    if (!isSocialPlatform(platform)) return { error: SocialMessages.unknownPlatform };
    if (typeof url !== 'string') return { error: SocialMessages.notPlatformAddress(platform) };
    if (seen.has(platform)) return { error: SocialMessages.twice(platform) };
    seen.add(platform);
    const stored = socialUrl(platform, url);
    if (stored === null) return { error: SocialMessages.notPlatformAddress(platform) };
    socials.push({ platform, url: stored });
  }
  return { socials };
}

import { normalizeHttpUrl } from './validation.js';

/*
 * The kinds of block a page holds (not to be confused with linkKind(url), the icon family of a link's host):
 * a link button, a header (a section title between links, no URL) or an embed (a click-to-load player of a
 * YouTube, Vimeo, Spotify or SoundCloud URL).
 */

export const LINK_BLOCK_KINDS = ['link', 'header', 'embed'] as const;
export type LinkBlockKind = (typeof LINK_BLOCK_KINDS)[number];

/** Headers are section titles: they do not count toward the free plan's links; links and embeds do. */
export const countsAsLink = (kind: LinkBlockKind): boolean => kind !== 'header';

export const BlockMessages = {
  invalidKind: 'Kind must be link, header or embed.',
  headerHasNoUrl: 'A header is a title only: it has no URL.',
  unsupportedEmbed:
    'Embeds work with YouTube, Vimeo, Spotify and SoundCloud. Paste the address of a video, track, album, playlist or episode there.',
} as const;

export type EmbedService = 'youtube' | 'vimeo' | 'spotify' | 'soundcloud';

/** Each service's name as people write it: the default title of an embed and the facade's label. */
export const EMBED_SERVICE_NAMES: Record<EmbedService, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
};

/** The player's frame: 16:9 for video, a fixed height for audio (Spotify's compact and tall players, SoundCloud's). */
export type EmbedShape = 'video' | 'audio' | 'list';

export interface EmbedPlayer {
  service: EmbedService;
  /** The player's address, built here from the parsed id alone, never from the raw URL. */
  playerUrl: string;
  shape: EmbedShape;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const SPOTIFY_HOSTS = new Set(['open.spotify.com']);
const SOUNDCLOUD_HOSTS = new Set(['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com']);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SPOTIFY_TYPES = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);
const SOUNDCLOUD_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/** The path's segments, empty ones dropped (a trailing slash). */
const segmentsOf = (url: URL) => url.pathname.split('/').filter((segment) => segment !== '');

function youtube(url: URL): EmbedPlayer | null {
  const parts = segmentsOf(url);
  let id: string | null | undefined;
  if (url.hostname === 'youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]!)) id = parts[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { service: 'youtube', playerUrl: `https://www.youtube-nocookie.com/embed/${id}`, shape: 'video' };
}

function vimeo(url: URL): EmbedPlayer | null {
  const parts = segmentsOf(url);
  let id: string | undefined;
  let hash: string | null | undefined;
  if (url.hostname === 'player.vimeo.com') {
    if (parts.length !== 2 || parts[0] !== 'video') return null;
    [id, hash] = [parts[1], url.searchParams.get('h')];
  } else if (parts.length === 1 || (parts.length === 2 && VIMEO_HASH.test(parts[1]!))) {
    [id, hash] = [parts[0], parts[1]];
  } else if (parts.length === 3 && parts[0] === 'channels') {
    id = parts[2];
  } else if (parts.length === 4 && parts[0] === 'groups' && parts[2] === 'videos') {
    id = parts[3];
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash && !VIMEO_HASH.test(hash)) return null;
  const query = hash ? `?h=${hash}&dnt=1` : '?dnt=1';
  return { service: 'vimeo', playerUrl: `https://player.vimeo.com/video/${id}${query}`, shape: 'video' };
}

function spotify(url: URL): EmbedPlayer | null {
  let parts = segmentsOf(url);
  // open.spotify.com/intl-de/track/… and open.spotify.com/embed/track/…
  if (parts.length === 3 && (/^intl-[a-z]{2}(-[A-Za-z]{2})?$/.test(parts[0]!) || parts[0] === 'embed')) parts = parts.slice(1);
  const [type, id] = parts;
  if (parts.length !== 2 || !SPOTIFY_TYPES.has(type!) || !SPOTIFY_ID.test(id!)) return null;
  const shape = type === 'track' || type === 'episode' ? 'audio' : 'list';
  return { service: 'spotify', playerUrl: `https://open.spotify.com/embed/${type}/${id}`, shape };
}

function soundcloud(url: URL): EmbedPlayer | null {
  const parts = segmentsOf(url);
  const track = parts.length === 2 && !['sets', 'tracks', 'likes', 'reposts', 'albums', 'popular-tracks'].includes(parts[1]!);
  const set = parts.length === 3 && parts[1] === 'sets';
  if ((!track && !set) || !parts.every((part) => SOUNDCLOUD_NAME.test(part))) return null;
  const page = `https://soundcloud.com/${parts.join('/')}`;
  return {
    service: 'soundcloud',
    playerUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}`,
    shape: set ? 'list' : 'audio',
  };
}

/**
 * The player of a YouTube, Vimeo, Spotify or SoundCloud URL, or null for anything else: another host (a
 * lookalike such as youtube.com.evil.example included: hosts match exactly), a page of the service that is
 * not a video, track, album, playlist or episode, or an id of the wrong form. Only http(s) URLs without a
 * port or credentials are read.
 */
export function embedOf(value: string): EmbedPlayer | null {
  const normalized = normalizeHttpUrl(value);
  if (normalized === null) return null;
  const url = new URL(normalized);
  if (url.port !== '') return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || host === 'youtu.be') return youtube(url);
  if (VIMEO_HOSTS.has(host)) return vimeo(url);
  if (SPOTIFY_HOSTS.has(host)) return spotify(url);
  if (SOUNDCLOUD_HOSTS.has(host)) return soundcloud(url);
  return null;
}

/** The hosts the players load from, for the pages' Content-Security-Policy `frame-src`. */
export const EMBED_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://open.spotify.com',
  'https://w.soundcloud.com',
] as const;

import { countsAsLink, embedOf } from './link-blocks.js';

describe('embedOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://m.youtube.com/watch?v=a_b-C1d2E3f', 'youtube', 'https://www.youtube-nocookie.com/embed/a_b-C1d2E3f', 'video'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'video'],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1', 'video'],
    ['https://vimeo.com/76979871/3e1f9a2b4c', 'vimeo', 'https://player.vimeo.com/video/76979871?h=3e1f9a2b4c&dnt=1', 'video'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1', 'video'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1', 'video'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC', 'audio'],
    ['https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3?si=x', 'spotify', 'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3', 'list'],
    ['https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M', 'spotify', 'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M', 'list'],
    ['https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ', 'spotify', 'https://open.spotify.com/embed/episode/512ojhOuo1ktJprKbVcKyQ', 'audio'],
    [
      'https://soundcloud.com/forss/flickermood',
      'soundcloud',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood',
      'audio',
    ],
    [
      'https://m.soundcloud.com/forss/sets/soulhack?in=x',
      'soundcloud',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack',
      'list',
    ],
  ])('reads %s as %s', (url, service, playerUrl, shape) => {
    expect(embedOf(url)).toEqual({ service, playerUrl, shape });
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['no scheme', 'youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a lookalike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['a lookalike host ending in the name', 'https://evilyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a subdomain of the service we do not know', 'https://evil.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['credentials before the host', 'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ'],
    ['a port', 'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ'],
    ['another site', 'https://example.com/watch?v=dQw4w9WgXcQ'],
    ['a YouTube channel', 'https://www.youtube.com/@maya'],
    ['a YouTube id too short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a YouTube id too long', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a YouTube id with odd characters', 'https://www.youtube.com/watch?v=dQw4w9W%22Q><'],
    ['a YouTube id with a quote', "https://youtu.be/dQw4w9Wg'cQ"],
    ['a YouTube id with a slash encoded', 'https://youtu.be/..%2F..%2Fxyz'],
    ['youtu.be with extra segments', 'https://youtu.be/dQw4w9WgXcQ/extra'],
    ['a Vimeo id that is not a number', 'https://vimeo.com/abc123'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/about/jobs'],
    ['a Vimeo hash with odd characters', 'https://player.vimeo.com/video/76979871?h=zz"><x'],
    ['a Spotify artist id too short', 'https://open.spotify.com/artist/abc'],
    ['a Spotify id with odd characters', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKU-C'],
    ['a Spotify page of another type', 'https://open.spotify.com/user/4uLU6hMCjMI75M1A2tKUQC'],
    ['a SoundCloud profile', 'https://soundcloud.com/forss'],
    ['a SoundCloud list page', 'https://soundcloud.com/forss/tracks'],
    ['a SoundCloud name with odd characters', 'https://soundcloud.com/forss/flicker%22mood'],
    ['a SoundCloud short link (resolving it would need a request)', 'https://on.soundcloud.com/AbCdEf'],
    ['blank', ''],
  ])('refuses %s', (_case, url) => {
    expect(embedOf(url)).toBeNull();
  });
});

describe('countsAsLink', () => {
  it('counts links and embeds toward the plan, never headers', () => {
    expect([countsAsLink('link'), countsAsLink('embed'), countsAsLink('header')]).toEqual([true, true, false]);
  });
});

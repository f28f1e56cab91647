import { hostOf, linkKind } from '@linkbio/shared-contracts';
import { linkAppearance, linkSubtitle } from './link-appearance';

describe('linkKind', () => {
  it.each([
    ['https://instagram.com/maya', 'instagram'],
    ['https://www.instagram.com/maya', 'instagram'],
    ['https://youtube.com/@maya', 'youtube'],
    ['https://www.youtube.com/watch?v=1', 'youtube'],
    ['https://m.youtube.com/watch?v=1', 'youtube'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://twitter.com/maya', 'twitter'],
    ['https://mobile.twitter.com/maya', 'twitter'],
    ['https://x.com/maya', 'twitter'],
    ['https://www.x.com/maya', 'twitter'],
    ['https://www.linkedin.com/in/maya', 'linkedin'],
    ['https://maya.myshopify.com', 'shop'],
    ['https://shop.example.com', 'shop'],
    ['https://store.example.com/items', 'shop'],
    ['https://example.com', 'link'],
    ['https://netflix.com/title/1', 'link'],
    ['https://box.com/s/1', 'link'],
    ['https://example.com/instagram', 'link'],
  ])('%s is %s', (url, kind) => {
    expect(linkKind(url)).toBe(kind);
  });

  it('is case-insensitive about the host', () => {
    expect(linkKind('https://WWW.YouTube.COM/x')).toBe('youtube');
  });

  it('reads the raw text when the url cannot be parsed', () => {
    expect(linkKind('not a url instagram')).toBe('instagram');
    expect(linkKind('just words')).toBe('link');
  });
});

describe('linkAppearance', () => {
  it('gives each family its own label and colours', () => {
    const kinds = ['instagram', 'youtube', 'twitter', 'linkedin', 'shop', 'link'] as const;
    const urls = [
      'https://instagram.com/a',
      'https://youtube.com/a',
      'https://x.com/a',
      'https://linkedin.com/a',
      'https://shop.a.com',
      'https://a.com',
    ];
    const appearances = urls.map(linkAppearance);
    expect(appearances.map((a) => a.kind)).toEqual(kinds);
    expect(new Set(appearances.map((a) => a.className)).size).toBe(kinds.length);
    expect(linkAppearance('https://www.youtube.com/a')).toEqual({
      kind: 'youtube',
      label: 'YouTube',
      className: 'bg-red-100 text-red-700',
    });
  });
});

describe('host parsing', () => {
  it('gives the host name of a url', () => {
    expect(hostOf('https://www.youtube.com/watch?v=1')).toBe('www.youtube.com');
    expect(linkSubtitle('https://shop.example.com:8443/path?q=1')).toBe('shop.example.com');
  });

  it('falls back to the raw url when it cannot be parsed', () => {
    expect(hostOf('instagram.com/maya')).toBeNull();
    expect(linkSubtitle('instagram.com/maya')).toBe('instagram.com/maya');
  });
});

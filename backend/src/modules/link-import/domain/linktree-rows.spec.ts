import { readFileSync } from 'node:fs';
import { LinkImportMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { planImport } from './import-plan.js';
import { linktreeName, linktreeRows } from './linktree-rows.js';

/** A real public page's __NEXT_DATA__ (trimmed, its names and addresses replaced), in a page as Next.js writes it. */
const fixture = readFileSync(new URL('../testing/fixtures/linktree-page.html', import.meta.url), 'utf8');

describe('linktreeName', () => {
  it.each([
    ['https://linktr.ee/samplecreator', 'samplecreator'],
    ['linktr.ee/sample.creator_1/', 'sample.creator_1'],
    ['  https://www.linktr.ee/Sample?utm_source=ig ', 'Sample'],
    ['http://linktr.ee/sample#top', 'sample'],
  ])('reads %p as %p', (address, name) => {
    expect(linktreeName(address)).toBe(name);
  });

  it.each([
    'https://evil.example/linktr.ee/sample',
    'https://linktr.ee.evil.example/sample',
    'https://linktr.ee/',
    'https://linktr.ee/sample/more',
    'https://linktr.ee/%2e%2e',
    'https://linktr.ee/..',
    'https://user@linktr.ee/sample',
    'ftp://linktr.ee/sample',
    'javascript:alert(1)',
    'samplecreator',
    `https://linktr.ee/${'a'.repeat(51)}`,
  ])('refuses %p', (address) => {
    expect(() => linktreeName(address)).toThrow(aDomainError('invalid', LinkImportMessages.notLinktreeAddress));
  });
});

describe('linktreeRows', () => {
  it('reads the plain links of a real page, skipping headers, locked links and other kinds with why', () => {
    expect(linktreeRows(fixture)).toEqual([
      { title: 'My work', url: '', skip: LinkImportMessages.skipLinktreeHeader },
      { title: 'Blog', url: 'https://blog.example.org/' },
      { title: 'Portfolio & shop', url: 'https://portfolio.example.org/shop?ref=linktree' },
      { title: 'Latest video', url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa', skip: LinkImportMessages.skipLinktreeKind('YOUTUBE_VIDEO') },
      { title: 'Members only', url: '', skip: LinkImportMessages.skipLinktreeLocked },
      { title: 'Tip jar', url: '', skip: LinkImportMessages.skipLinktreeKind('COMMERCE_PAY') },
      { title: 'Podcasts', url: '', skip: LinkImportMessages.skipLinktreeKind('GROUP') },
      { title: 'Podcast on Spotify', url: 'https://open.spotify.com/show/example' },
      { title: '<img src=x onerror=alert(1)>Click me', url: 'javascript:alert(document.cookie)' },
      { title: '', url: 'https://newsletter.example.org/subscribe' },
      { title: 'Blog again', url: 'https://blog.example.org' },
    ]);
  });

  it('plans the page: javascript: refused, an empty title the host, a repeated address skipped', () => {
    const plan = planImport(linktreeRows(fixture), [], null);
    expect(plan.filter((row) => row.outcome === 'add').map((row) => [row.title, row.url])).toEqual([
      ['Blog', 'https://blog.example.org/'],
      ['Portfolio & shop', 'https://portfolio.example.org/shop?ref=linktree'],
      ['Podcast on Spotify', 'https://open.spotify.com/show/example'],
      ['newsletter.example.org', 'https://newsletter.example.org/subscribe'],
    ]);
    expect(plan[8]).toMatchObject({ outcome: 'skip', reason: LinkImportMessages.skipNotHttp('javascript:') });
    expect(plan[10]).toMatchObject({ outcome: 'skip', reason: LinkImportMessages.skipRepeated(2) });
  });

  it('reads the older pages’ account.links too', () => {
    const html = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({
      props: { pageProps: { account: { links: [{ type: 'CLASSIC', title: 'A', url: 'https://a.example' }] } } },
    })}</script>`;
    expect(linktreeRows(html)).toEqual([{ title: 'A', url: 'https://a.example' }]);
  });

  it.each([
    ['no data', '<html><body>Hello</body></html>'],
    ['data that is not JSON', '<script id="__NEXT_DATA__">{not json</script>'],
    ['data without links', '<script id="__NEXT_DATA__">{"props":{"pageProps":{}}}</script>'],
    ['links that are not a list', '<script id="__NEXT_DATA__">{"props":{"pageProps":{"links":"x"}}}</script>'],
  ])('refuses a page with %s, saying so plainly', (_case, html) => {
    expect(() => linktreeRows(html)).toThrow(aDomainError('invalid', LinkImportMessages.linktreeUnreadable));
  });
});

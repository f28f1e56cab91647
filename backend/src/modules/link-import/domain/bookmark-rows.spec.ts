import { readFileSync } from 'node:fs';
import { bookmarkRows } from './bookmark-rows.js';

const fixture = readFileSync(new URL('../testing/fixtures/bookmarks.html', import.meta.url), 'utf8');

describe('bookmarkRows', () => {
  it('reads every bookmark of a browser’s export, nested folders flattened, in the file’s order', () => {
    expect(bookmarkRows(fixture)).toEqual([
      { title: 'My shop', url: 'https://shop.example.com/' },
      { title: 'Spotify & more', url: 'https://open.spotify.com/artist/example' },
      { title: 'SoundCloud profile', url: 'https://soundcloud.com/example' },
      { title: 'A bookmarklet', url: 'javascript:alert(document.cookie)' },
      { title: 'Recently used tags', url: 'place:sort=8&maxResults=10' },
      { title: 'My shop, again', url: 'https://shop.example.com' },
      { title: 'Data page', url: 'data:text/html,<script>alert(1)</script>' },
      { title: 'Local file', url: 'file:///etc/passwd' },
      { title: '', url: 'https://blog.example.com/post?a=1&b=2' },
    ]);
  });

  it('reads an unclosed anchor and ignores what is not a bookmark', () => {
    expect(bookmarkRows('<h3>Folder</h3><p>text</p><a href="https://a.example">A')).toEqual([{ title: 'A', url: 'https://a.example' }]);
    expect(bookmarkRows('just some text')).toEqual([]);
  });
});

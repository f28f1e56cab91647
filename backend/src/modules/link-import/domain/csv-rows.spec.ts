import { LinkImportMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { csvRows } from './csv-rows.js';

describe('csvRows', () => {
  it('reads title,url lines without a header', () => {
    expect(csvRows('My shop,https://shop.example.com\nBlog,https://blog.example.com\n')).toEqual([
      { title: 'My shop', url: 'https://shop.example.com' },
      { title: 'Blog', url: 'https://blog.example.com' },
    ]);
  });

  it('skips a header line and reads its columns in any order, extra columns ignored', () => {
    expect(csvRows('url,notes,Title\r\nhttps://a.example,first,A\r\nhttps://b.example,,B\r\n')).toEqual([
      { title: 'A', url: 'https://a.example' },
      { title: 'B', url: 'https://b.example' },
    ]);
  });

  it('takes a BOM, CRLF, blank lines, quoted commas, quotes and line breaks inside quotes', () => {
    const content = '\uFEFFtitle,url\r\n\r\n"Shop, new","https://shop.example.com/?a=1,2"\r\n"Say ""hi""\nthere",https://hi.example\r\n';
    expect(csvRows(content)).toEqual([
      { title: 'Shop, new', url: 'https://shop.example.com/?a=1,2' },
      { title: 'Say "hi"\nthere', url: 'https://hi.example' },
    ]);
  });

  it('reads a URL alone on a line, and semicolon-separated files', () => {
    expect(csvRows('https://a.example\n')).toEqual([{ title: '', url: 'https://a.example' }]);
    expect(csvRows('Name;Link\nA;https://a.example\n')).toEqual([{ title: 'A', url: 'https://a.example' }]);
  });

  it('keeps javascript: and HTML as text for the plan to refuse and the apps to escape', () => {
    expect(csvRows('<script>alert(1)</script>,javascript:alert(1)\n')).toEqual([
      { title: '<script>alert(1)</script>', url: 'javascript:alert(1)' },
    ]);
  });

  it('refuses text that is not CSV with a plain message', () => {
    expect(() => csvRows('title,url\n"never closed,https://a.example\n')).toThrow(
      aDomainError('invalid', LinkImportMessages.notCsv('line 2: a quote is never closed')),
    );
  });

  it('reads nothing from an empty file', () => {
    expect(csvRows('')).toEqual([]);
    expect(csvRows('\uFEFF\r\n\r\n')).toEqual([]);
  });
});

import { LinkImportMessages } from '@linkbio/shared-contracts';
import { checkRow, cleanTitle, planImport, roomLeft } from './import-plan.js';

describe('cleanTitle', () => {
  it('trims, makes white space and control characters one space, and keeps 100 code points', () => {
    expect(cleanTitle('  My\tshop\r\n now\u0000 ', 'https://x.example')).toBe('My shop now');
    expect([...cleanTitle('😀'.repeat(150), 'https://x.example')]).toHaveLength(100);
    expect(cleanTitle('a'.repeat(5000), 'https://x.example')).toBe('a'.repeat(100));
  });

  it('falls back to the URL’s host when the title is empty', () => {
    expect(cleanTitle('  \n ', 'https://www.shop.example.com/a')).toBe('www.shop.example.com');
  });

  it('keeps HTML in a title as text: the apps escape it when they show it', () => {
    expect(cleanTitle('<b>Hi</b>', 'https://x.example')).toBe('<b>Hi</b>');
  });
});

describe('checkRow', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JaVaScRiPt:alert(1)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['file:///etc/passwd', 'file:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
  ])('refuses %p, naming its scheme', (url, scheme) => {
    expect(checkRow({ title: 'x', url })).toMatchObject({ ok: false, reason: LinkImportMessages.skipNotHttp(scheme) });
  });

  it('refuses what is not an address, and a missing one', () => {
    expect(checkRow({ title: 'x', url: 'example com' })).toMatchObject({ ok: false, reason: LinkImportMessages.skipInvalidUrl });
    expect(checkRow({ title: 'x', url: '  ' })).toMatchObject({ ok: false, reason: LinkImportMessages.skipNoUrl });
  });

  it('normalises an http(s) address as links do', () => {
    expect(checkRow({ title: ' Shop ', url: '  https://shop.example.com/a ' })).toEqual({ ok: true, title: 'Shop', url: 'https://shop.example.com/a' });
  });
});

describe('planImport', () => {
  const rows = [
    { title: 'A', url: 'https://a.example/' },
    { title: 'B', url: 'https://b.example' },
    { title: 'A again', url: 'HTTPS://A.example' },
    { title: 'Mine', url: 'https://mine.example/page/' },
    { title: 'Bad', url: 'javascript:alert(1)' },
    { title: 'Header', url: '', skip: LinkImportMessages.skipLinktreeHeader },
    { title: 'C', url: 'https://c.example' },
    { title: 'D', url: 'https://d.example' },
  ];

  it('adds new rows, skips duplicates, refused addresses and rows the source skips, each with why', () => {
    const plan = planImport(rows, ['https://mine.example/page'], null);

    expect(plan.map((row) => [row.title, row.outcome, row.reason])).toEqual([
      ['A', 'add', null],
      ['B', 'add', null],
      ['A again', 'skip', LinkImportMessages.skipRepeated(1)],
      ['Mine', 'skip', LinkImportMessages.skipExisting],
      ['Bad', 'skip', LinkImportMessages.skipNotHttp('javascript:')],
      ['Header', 'skip', LinkImportMessages.skipLinktreeHeader],
      ['C', 'add', null],
      ['D', 'add', null],
    ]);
  });

  it('marks the rows past the plan’s room as over the limit, in the source’s order', () => {
    const plan = planImport(rows, [], 2);

    expect(plan.filter((row) => row.outcome === 'add').map((row) => row.title)).toEqual(['A', 'B']);
    expect(plan.filter((row) => row.outcome === 'over-limit').map((row) => row.title)).toEqual(['Mine', 'C', 'D']);
  });

  it('counts the room from the plan’s limit and the links the creator has', () => {
    expect(roomLeft(5, 3)).toBe(2);
    expect(roomLeft(5, 7)).toBe(0);
    expect(roomLeft(null, 70)).toBeNull();
  });
});

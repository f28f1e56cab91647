import {
  formatCents,
  isValidUsernameShape,
  normalizeHttpUrl,
  parseDollarsToCents,
  sanitizeUsernameInput,
  withDefaultScheme,
} from './validation.js';

describe('normalizeHttpUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/path?q=1#top', 'http://example.com/path?q=1#top'],
    ['HTTPS://Example.com/A', 'HTTPS://Example.com/A'],
    ['   https://example.com/  ', 'https://example.com/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://127.0.0.1/', 'https://127.0.0.1/'],
  ])('keeps %p as %p', (input, stored) => {
    expect(normalizeHttpUrl(input)).toBe(stored);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: after leading spaces', '   javascript:alert(1)'],
    ['javascript: with a fake path', 'javascript://example.com/%0Aalert(1)'],
    ['javascript: behind a tab', '\tjavascript:alert(1)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['javascript: split by a newline', 'java\nscript:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['data: in capitals', 'DATA:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox("hi")'],
    ['vbscript: in mixed case', 'VbScRiPt:msgbox("hi")'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/file'],
    ['mailto:', 'mailto:someone@example.com'],
    ['no scheme', 'example.com'],
    ['a protocol-relative URL', '//example.com'],
    ['no host', 'https://'],
    ['a single slash', 'https:/example.com'],
    ['credentials', 'https://user:password@example.com'],
    ['a user name alone', 'https://user@example.com'],
    ['credentials that hide the host', 'https://example.com@evil.example.org/'],
    ['an inner space', 'https://exa mple.com'],
    ['a space in the path', 'https://example.com/a b'],
    ['a NUL character', 'https://example.com/\u0000'],
    ['a control character', 'https://example.com/\u0007'],
    ['a DEL character', 'https://example.com/\u007f'],
    ['a newline in the middle', 'https://example.com/\nx'],
    ['a carriage return in the host', 'https://exa\rmple.com'],
    ['an empty string', ''],
    ['only spaces', '    '],
    ['a bad port', 'https://example.com:99999/'],
  ])('refuses %s', (_case, input) => {
    expect(normalizeHttpUrl(input)).toBeNull();
  });

  it('accepts 2048 characters and refuses 2049', () => {
    const base = 'https://example.com/';
    const longest = base + 'a'.repeat(2048 - base.length);

    expect(normalizeHttpUrl(longest)).toBe(longest);
    expect(normalizeHttpUrl(`${longest}a`)).toBeNull();
  });
});

describe('parseDollarsToCents', () => {
  it.each([
    ['25', 2500],
    ['25.50', 2550],
    ['25.5', 2550],
    ['0.99', 99],
    ['0.01', 1],
    ['0', 0],
    ['10000', 1_000_000],
    ['10000.01', 1_000_001],
    ['19.99', 1999],
    ['0.29', 29],
    ['1.10', 110],
    ['9999999.99', 999_999_999],
    ['007', 700],
  ])('reads %p as %d cents, exactly', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each([
    '12.345',
    '-1',
    '+1',
    '1e3',
    'abc',
    '',
    ' ',
    '25.',
    '.5',
    '$25',
    '25 ',
    ' 25',
    '1,000',
    '1.2.3',
    'NaN',
    'Infinity',
    '0x1A',
    '12345678',
    '٣',
  ])('refuses %p', (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });
});

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [2550, '25.50'],
    [1_000_000, '10000.00'],
  ])('shows %d cents as %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('sanitizeUsernameInput', () => {
  it.each([
    ['Alice', 'alice'],
    ['my name', 'myname'],
    ['a_b.c!d', 'abcd'],
    ['ÅLICE', 'lice'],
    ['-ok-123-', '-ok-123-'],
    ['', ''],
  ])('turns %p into %p', (typed, sanitized) => {
    expect(sanitizeUsernameInput(typed)).toBe(sanitized);
  });
});

describe('isValidUsernameShape', () => {
  it.each(['abc', 'a-b', 'abc123', '123', 'a'.repeat(30)])('accepts %p', (name) => {
    expect(isValidUsernameShape(name)).toBe(true);
  });

  it.each(['ab', '', 'a'.repeat(31), 'Abc', 'a_b', 'a b', 'a.b', '-abc', 'abc-', '-', 'ålice'])(
    'refuses %p',
    (name) => {
      expect(isValidUsernameShape(name)).toBe(false);
    },
  );
});

describe('withDefaultScheme', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/path', 'https://www.example.com/path'],
    ['https://example.com', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['', ''],
    ['h', 'h'],
    ['http', 'http'],
    ['https:/', 'https:/'],
    ['HTTP:', 'HTTP:'],
  ])('turns %p into %p while the creator types', (typed, shown) => {
    expect(withDefaultScheme(typed)).toBe(shown);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>hi</b>', 'vbscript:msgbox(1)'])(
    'never turns %p into a URL that is stored',
    (typed) => {
      expect(normalizeHttpUrl(withDefaultScheme(typed))).toBeNull();
    },
  );

  it('prefixes text that only looks like the start of a scheme further on', () => {
    expect(withDefaultScheme('hello.com')).toBe('https://hello.com');
  });
});

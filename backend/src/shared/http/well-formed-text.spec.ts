import type { NextFunction, Request, Response } from 'express';
import { Messages, TEXT_MAX_LENGTH } from '@linkbio/shared-contracts';
import { findProblem } from './request-guards.js';
import { textProblem, wellFormedUrl } from './well-formed-text.js';

describe('textProblem', () => {
  it.each([
    ['plain text', 'Hello'],
    ['an empty string', ''],
    ['letters, emoji and a right-to-left override', 'café 😀 \u202Eabc'],
    ['tab, line feed and carriage return', 'a\tb\nc\r\n'],
    ['text as long as the cap', 'x'.repeat(TEXT_MAX_LENGTH)],
  ])('takes %s', (_case, text) => {
    expect(textProblem(text)).toBeNull();
  });

  it.each([
    ['a NUL', 'a\u0000b', Messages.nulCharacter],
    ['a lone high surrogate', '\uD800', Messages.invalidCharacters],
    ['a lone low surrogate after a pair', '😀\uDC00', Messages.invalidCharacters],
    ['a bell', 'a\u0007b', Messages.invalidCharacters],
    ['an escape', '\u001b[2J', Messages.invalidCharacters],
    ['a vertical tab', 'a\u000bb', Messages.invalidCharacters],
    ['text one past the cap', 'x'.repeat(TEXT_MAX_LENGTH + 1), Messages.textTooLong],
  ])('refuses %s', (_case, text, message) => {
    expect(textProblem(text)).toBe(message);
  });
});

describe('findProblem', () => {
  it('finds text it refuses in any string or key, at any depth, in objects and lists', () => {
    expect(findProblem({ a: [{ b: 'fine' }, { c: ['\uD800'] }] })).toBe(Messages.invalidCharacters);
    expect(findProblem({ ['k\uDFFF']: 'v' })).toBe(Messages.invalidCharacters);
    expect(findProblem({ title: 'x'.repeat(TEXT_MAX_LENGTH + 1) })).toBe(Messages.textTooLong);
    expect(findProblem({ title: 'a\u0000b' })).toBe(Messages.nulCharacter);
    expect(findProblem({ title: 'A link', tags: ['x', 1, true, null], nested: { ok: '\u202Eabc' } })).toBeNull();
  });
});

describe('wellFormedUrl', () => {
  /** What the middleware did with a request for `url`: went on, or answered a status and body. */
  function run(url: string): { next: boolean; status?: number; body?: unknown } {
    const outcome: { next: boolean; status?: number; body?: unknown } = { next: false };
    const res = {
      status(code: number) {
        outcome.status = code;
        return this;
      },
      json(body: unknown) {
        outcome.body = body;
        return this;
      },
    } as unknown as Response;
    const next: NextFunction = () => {
      outcome.next = true;
    };
    wellFormedUrl({ url } as Request, res, next);
    return outcome;
  }

  it.each([
    ['a plain path', '/creator'],
    ['a path and query without escapes', '/api/bookings?limit=10&cursor=abc'],
    ['escaped UTF-8 text', '/book/caf%C3%A9?tz=Europe%2FParis&q=%F0%9F%98%80'],
    ['an escaped line feed in a query', '/api/x?text=a%0Ab'],
    // The query as the app's parser reads it: an escape that does not decode is U+FFFD there.
    ['a stray percent sign in a query', '/creator?discount=50%'],
    ['a query value that does not decode', '/verify-email?token=%ff'],
    ['an escaped lone surrogate in a query', '/book/creator?tz=%ED%A0%80'],
  ])('lets %s through', (_case, url) => {
    expect(run(url)).toEqual({ next: true });
  });

  it.each([
    ['a path segment that does not decode', '/%ff', Messages.invalidCharacters],
    ['an escaped lone surrogate in a path', '/book/%ED%A0%80', Messages.invalidCharacters],
    ['a truncated escape', '/go/%E2%82', Messages.invalidCharacters],
    ['an overlong encoding', '/%C0%80', Messages.invalidCharacters],
    ['a bare percent sign', '/api/users/100%', Messages.invalidCharacters],
    ['a path that does not decode before a query that does', '/go/%ff?ref=caf%C3%A9', Messages.invalidCharacters],
    ['an escaped NUL in a path', '/api/users/a%00b', Messages.nulCharacter],
    ['an escaped NUL in a query', '/api/bookings?cursor=a%00b', Messages.nulCharacter],
    ['an escaped control character', '/api/bookings?cursor=%1B', Messages.invalidCharacters],
    ['an escaped NUL beside an escape that does not decode', '/verify-email?token=%ff%00', Messages.nulCharacter],
  ])('answers 400 for %s', (_case, url, message) => {
    expect(run(url)).toEqual({ next: false, status: 400, body: { statusCode: 400, message } });
  });
});

import { unescape as readQuery } from 'node:querystring';
import type { NextFunction, Request, Response } from 'express';
import { isWellFormedText, Messages, TEXT_MAX_LENGTH } from '@linkbio/shared-contracts';

// C0 control characters but tab, line feed and carriage return (NUL has its own message, below).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * What is wrong with a piece of text a client sent, or null: longer than any field takes (TEXT_MAX_LENGTH), a
 * NUL (PostgreSQL text cannot hold one) or another C0 control character but tab, line feed and carriage
 * return, or not well-formed Unicode (an unpaired surrogate, which has no UTF-8 form). Every string of a JSON
 * body and every path and query goes through this before any field's own rules, so none of them can make a use
 * case, a validator or the database throw. (Headers need not: Node reads them as Latin-1, one character a byte,
 * and refuses NUL and the other control characters but tab in them.)
 */
export function textProblem(text: string, maxLength = TEXT_MAX_LENGTH): string | null {
  if (text.length > maxLength) return Messages.textTooLong;
  if (text.includes('\u0000')) return Messages.nulCharacter;
  if (CONTROL_CHARACTERS.test(text) || !isWellFormedText(text)) return Messages.invalidCharacters;
  return null;
}

/**
 * What is wrong with a request's path and query (as the request line has them, percent-encoded), or null. The
 * path must decode (`%ff`, `%ED%A0%80` do not: the router would fail on them) to text `textProblem` takes
 * (`%00` is not). The query is read as the app's query parser reads it, an escape that does not decode as
 * U+FFFD (so a stray `?discount=50%` on a shared link still shows the page), and must be text `textProblem`
 * takes too. Node itself lets through no raw byte outside printable ASCII in a request line, so a URL without
 * `%` is plain text, passed at once.
 */
export function urlProblem(url: string): string | null {
  if (!url.includes('%')) return null;
  const mark = url.indexOf('?');
  let path: string;
  try {
    path = decodeURIComponent(mark === -1 ? url : url.slice(0, mark));
  } catch {
    return Messages.invalidCharacters;
  }
  return textProblem(path) ?? (mark === -1 ? null : textProblem(readQuery(url.slice(mark + 1))));
}

/**
 * Refuses, for every path the app serves (the API, the pages, the operators' tools), a path or query
 * `urlProblem` refuses, with a 400 and its message, before any router or handler reads it. The hot paths
 * answered before Express leave such requests to it (public-fast-path.ts, signed-in-fast-path.ts).
 */
export function wellFormedUrl(req: Request, res: Response, next: NextFunction) {
  const problem = urlProblem(req.url);
  if (problem !== null) return res.status(400).json({ statusCode: 400, message: problem });
  next();
}

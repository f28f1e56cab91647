import { randomUUID } from 'node:crypto';

/** The header a request's id comes in (from a proxy or a client) and leaves in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
const MAX_LENGTH = 128;

/**
 * The request's id: the `X-Request-Id` it came with when that is short and plain (at most 128 of
 * `A–Z a–z 0–9 . _ : -`), so that a proxy's id follows the request through; else a new UUID. An id that
 * is not plain (spaces, quotes, line breaks, anything that could forge or break a log line) is replaced.
 */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && isPlainId(incoming) ? incoming : randomUUID();
}

/** A loop rather than a regular expression: this runs for every request. */
function isPlainId(value: string): boolean {
  const length = value.length;
  if (length === 0 || length > MAX_LENGTH) return false;
  for (let i = 0; i < length; i += 1) {
    const c = value.charCodeAt(i);
    // 0-9, A-Z, a-z, '.', '_', ':', '-'
    if (!((c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 95 || c === 45)) return false;
  }
  return true;
}

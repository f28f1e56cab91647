import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BookedNotice } from '@linkbio/shared-contracts';
import { encodeUrl } from 'encodeurl';
import { DomainError } from '../../../shared/domain-error.js';
import type { EncodedBody } from './encoded-body.js';

// How the public pages answer, on Node's own response: a prepared body (or 304), a redirect, JSON, and the
// query options the pages read.

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * 301 to where a former username's address forwards, keeping the query. Never stored (no-store): the owner may
 * take the name back, and a browser that kept the redirect would then go round in a circle.
 */
export function redirect(request: IncomingMessage, response: ServerResponse, path: string, headers: readonly string[]): void {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const location = encodeUrl(query === -1 ? path : path + url.slice(query));
  response.writeHead(301, [...headers, 'Location', location, 'Cache-Control', 'no-store', 'Content-Length', '0']);
  response.end();
}

/** `?booked=true` (confirmed) or `?booked=refunding`, exactly once. */
export function bookedNotice(url: string): BookedNotice | null {
  const query = url.indexOf('?');
  if (query === -1) return null;
  const values = new URLSearchParams(url.slice(query + 1)).getAll('booked');
  if (values.length !== 1) return null;
  return values[0] === 'true' ? 'confirmed' : values[0] === 'refunding' ? 'refunding' : null;
}

/** `?amount=500`: a whole number of cents from $1.00 to $10,000.00, exactly once; else null (the form's default). */
export function askedTipAmount(url: string): number | null {
  const query = url.indexOf('?');
  if (query === -1) return null;
  const values = new URLSearchParams(url.slice(query + 1)).getAll('amount');
  if (values.length !== 1 || !/^[1-9][0-9]{2,6}$/.test(values[0]!)) return null;
  const cents = Number(values[0]);
  return cents <= 1_000_000 ? cents : null;
}

/**
 * Sends a prepared body: 304 when the client holds it already, the best encoding it accepts otherwise. The
 * headers go out in one writeHead (name, value, name, value…), after `headers` (those Express did not set).
 */
export function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: EncodedBody,
  cacheControl: string,
  headers: readonly string[],
): void {
  const common = [...headers, 'Cache-Control', cacheControl, 'ETag', body.etag, 'Vary', 'Accept-Encoding'];
  if (status === 200 && matches(request.headers['if-none-match'], body.etag)) {
    response.writeHead(304, common);
    response.end();
    return;
  }
  const { encoding, bytes } = body.encoded(request.headers['accept-encoding']);
  common.push('Content-Type', body.contentType, 'Content-Length', String(bytes.length));
  if (encoding !== 'identity') common.push('Content-Encoding', encoding);
  response.writeHead(status, common);
  if (request.method === 'HEAD') response.end();
  else response.end(bytes);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function sendJson(response: ServerResponse, status: number, value: unknown, headers: readonly string[] = []): void {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  response.writeHead(status, [...headers, 'Content-Type', JSON_TYPE, 'Content-Length', String(bytes.length), 'Cache-Control', 'no-store']);
  response.end(bytes);
}

/** A JSON call's not found (404) or store away with nothing kept (503, with Retry-After); anything else is rethrown. */
export function answerJsonError(response: ServerResponse, error: unknown, headers: readonly string[]): void {
  if (!(error instanceof DomainError) || (error.kind !== 'not_found' && error.kind !== 'unavailable')) throw error;
  const status = error.kind === 'not_found' ? 404 : 503;
  sendJson(response, status, { statusCode: status, message: error.message }, [...headers, ...retryAfter(error)]);
}

export const retryAfter = (error: DomainError) =>
  error.details.retryAfterSeconds === undefined ? [] : ['Retry-After', String(error.details.retryAfterSeconds)];

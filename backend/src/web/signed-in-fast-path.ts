import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import etag from 'etag';
import fresh from 'fresh';
import { preferredEncoding } from '../modules/public-pages/http/encoded-body.js';
import type { User } from '../modules/identity/domain/user.js';
import type { SessionCookies, SignedInVisit } from '../modules/identity/http/session-cookies.js';
import { hasBody } from '../shared/http/request-guards.js';
import { echoRequestId, noteUser } from '../shared/logging/request-observer.js';
import { labelRoute } from '../shared/metrics/http-request-metrics.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A signed-in read: what its controller answers for this creator. */
export type SignedInRead = (user: User) => Promise<unknown> | unknown;

export interface SignedInFastPathOptions {
  /** Headers every answer carries, as name, value, name, value… */
  headers: readonly string[];
  /** The session cookie's name: requests without it are not signed in and go the full way. */
  sessionCookie: string;
  /** The scheme the request came over, read as Express reads it. */
  protocolOf: (request: IncomingMessage) => string;
  /** Answers from this many bytes are compressed, as the compression middleware does. */
  compressFromBytes: number;
}

const compressions = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};
// The compression middleware's brotli level: fast, most of the gain.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The dashboard's signed-in reads (`GET` of the paths in `reads`) answered before Express: the session is read
 * from its signed cookie and the shared store, the creator loaded afresh, the controller's own method asked,
 * and the answer sent as Express would send it (ETag and 304, the rolled session cookie, compression), the
 * store touched after. What is not plainly such a read — another method, a body, no session cookie, a session
 * that is not a signed-in creator's, or any failure — goes on to `next` untouched, where the full pipeline
 * answers it (a 401, a 503 while a store is away) exactly as before.
 */
export function signedInFastPath(reads: ReadonlyMap<string, SignedInRead>, sessions: SessionCookies, options: SignedInFastPathOptions, next: Handler): Handler {
  const cookieMark = `${options.sessionCookie}=`;
  return (request, response) => {
    const route = request.method === 'GET' ? routeOf(request.url ?? '/') : '';
    const read = route === '' ? undefined : reads.get(route);
    if (!read || !request.headers.cookie?.includes(cookieMark) || hasBody(request.headers)) return next(request, response);
    // The read's path is its route (the controllers' own paths, without parameters).
    labelRoute(response, route);
    answer(request, response, read).then(
      (answered) => answered || next(request, response),
      () => (response.headersSent ? response.destroy() : next(request, response)),
    );
  };

  /** False when the request is not a signed-in creator's: the full pipeline decides. */
  async function answer(request: IncomingMessage, response: ServerResponse, read: SignedInRead): Promise<boolean> {
    const visit = await sessions.signedIn(request.headers.cookie, options.protocolOf(request) === 'https');
    if (visit === null) return false;
    noteUser(response, visit.user.id);
    const body = Buffer.from(JSON.stringify(await read(visit.user)), 'utf8');
    const tag = etag(body, { weak: true });
    if (fresh(request.headers, { etag: tag })) {
      send(response, visit, 304, [['ETag', tag]], null);
      return true;
    }
    const encoding = body.length < options.compressFromBytes ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
    const bytes = encoding === 'br' ? await compressions.br(body, BROTLI) : encoding === 'gzip' ? await compressions.gzip(body) : body;
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(bytes.length)],
      ['ETag', tag],
      ['Vary', 'Accept-Encoding'],
    ];
    if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
    send(response, visit, 200, headers, bytes);
    return true;
  }

  function send(response: ServerResponse, visit: SignedInVisit, status: number, headers: Array<[string, string]>, bytes: Buffer | null): void {
    for (let i = 0; i < options.headers.length; i += 2) response.setHeader(options.headers[i]!, options.headers[i + 1]!);
    echoRequestId(response);
    for (const [name, value] of headers) response.setHeader(name, value);
    if (visit.setCookie !== null) response.setHeader('Set-Cookie', visit.setCookie);
    response.writeHead(status);
    response.end(bytes ?? undefined);
    visit.touch();
  }
}

/** The path without its query and one trailing slash, as Express's routes match it. */
function routeOf(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Messages } from '@linkbio/shared-contracts';
import { isId } from '../../../shared/ids.js';
import { findProblem, hasBody, isCrossSite } from '../../../shared/http/request-guards.js';
import { urlProblem } from '../../../shared/http/well-formed-text.js';
import { echoRequestId, noteError, withRequestId } from '../../../shared/logging/request-observer.js';
import { labelRoute } from '../../../shared/metrics/http-request-metrics.js';
import { bioUsername } from './public-page-paths.js';
import type { PublicPageResponder } from './public-page-responder.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FastPathOptions {
  /** Headers every answer carries (the security headers the rest of the app sets through helmet), as name, value, name, value… */
  headers: readonly string[];
  /** The session cookie's name: a request carrying one may be the creator's, and goes the full way. */
  sessionCookie: string;
  /** Origins besides our own allowed to make state-changing calls (ALLOWED_ORIGINS). */
  allowedOrigins: ReadonlySet<string>;
  /** The scheme the request came over, read as Express reads it (a trusted proxy's X-Forwarded-Proto). */
  protocolOf: (request: IncomingMessage) => string;
  /** The visitor's address, read as Express reads req.ip (a trusted proxy's X-Forwarded-For). */
  addressOf: (request: IncomingMessage) => string | undefined;
}

/** A click call's body is ignored; a small JSON object is read and checked like any other, a larger one goes the full way. */
const CLICK_BODY_MAX = 1024;
const GO = /^\/go\/([^/?]+)\/?(?:\?|$)/;
const CLICK = /^\/api\/links\/([^/?]+)\/click\/?(?:\?|$)/;
// GET /api/users/{username} is the only GET route of one segment under /api/users (PublicPagesController): a
// new one there must be left to Express here.
const PROFILE = /^\/api\/users\/([^/?]+)\/?(?:\?|$)/;
const BIO = /^\/([^/?]+)\/?(?:\?|$)/;
// The routes' patterns as PublicPagesController declares them: their requests count in the same series either way.
const GO_ROUTE = '/go/:linkId';
const CLICK_ROUTE = '/api/links/:id/click';
const PROFILE_ROUTE = '/api/users/:username';
const BIO_ROUTE = '/:username';

/**
 * The visitors' hot paths answered before Express and everything it runs for the rest of the app (sessions,
 * passport, body parsing, the ORM's request context): the bio page, /go/{id}, the click call and the JSON
 * public profile, for requests that need none of it. Anything else — other paths, a session cookie on a
 * page, a request that is not plain — goes on to `next` (Express) unchanged, where the same responder
 * answers it after the full pipeline.
 */
export function publicFastPath(responder: PublicPageResponder, options: FastPathOptions, next: Handler): Handler {
  const withHeaders = (response: ServerResponse) => {
    for (let i = 0; i < options.headers.length; i += 2) response.setHeader(options.headers[i]!, options.headers[i + 1]!);
    echoRequestId(response);
  };
  const fail = (response: ServerResponse, error: unknown) => {
    // Logged with its stack in the request's own line, under the request's id.
    noteError(response, error);
    if (!response.headersSent) {
      withHeaders(response);
      response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ statusCode: 500, message: Messages.internalError }));
    } else response.destroy();
  };

  return (request, response) => {
    const url = request.url ?? '/';
    // A path or query that does not decode to acceptable text is Express's to refuse (well-formed-text.ts).
    if (urlProblem(url) !== null) return next(request, response);
    const method = request.method;
    const hasSession = (request.headers.cookie ?? '').includes(`${options.sessionCookie}=`);
    const page = () => ({
      request,
      protocol: options.protocolOf(request),
      address: options.addressOf(request),
      viewerId: null,
      headers: withRequestId(options.headers, response),
    });

    if (method === 'GET' || method === 'HEAD') {
      const go = GO.exec(url);
      if (go && isId(go[1]!)) {
        labelRoute(response, GO_ROUTE);
        responder.go(page(), response, go[1]!).catch((error: unknown) => fail(response, error));
        return;
      }
      if (!hasSession) {
        const profile = PROFILE.exec(url);
        const segment = (profile ?? BIO.exec(url))?.[1];
        const username = segment === undefined ? null : bioUsername(segment);
        // Only names already in lowercase: other cases are redirected (pages) or looked up (JSON) by the controller.
        if (username !== null && username === segment) {
          labelRoute(response, profile ? PROFILE_ROUTE : BIO_ROUTE);
          (profile ? responder.profile(page(), response, username) : responder.bio(page(), response, username)).catch(
            (error: unknown) => fail(response, error),
          );
          return;
        }
      }
    } else if (method === 'POST') {
      const click = CLICK.exec(url);
      if (click && isId(click[1]!) && isPlainJsonCall(request, options.allowedOrigins, options.protocolOf(request))) {
        labelRoute(response, CLICK_ROUTE);
        const headers = withRequestId(options.headers, response);
        readSmallJson(request)
          .then((problem) =>
            problem !== null
              ? refuse(response, 400, problem, headers)
              : responder.click(request, response, click[1]!, options.addressOf(request), headers),
          )
          .catch((error: unknown) => fail(response, error));
        return;
      }
    }
    next(request, response);
  };
}

/** A POST the fast path may answer: same-site, no body or a small one declared as JSON. */
function isPlainJsonCall(request: IncomingMessage, allowedOrigins: ReadonlySet<string>, protocol: string): boolean {
  if (isCrossSite(request.headers, allowedOrigins, protocol)) return false;
  if (!hasBody(request.headers)) return true;
  const length = Number(request.headers['content-length']);
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return request.headers['transfer-encoding'] === undefined && Number.isInteger(length) && length <= CLICK_BODY_MAX && type === 'application/json';
}

/** Reads a small JSON body and says what is wrong with it, as the API's body checks would; null when fine. */
function readSmallJson(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (!hasBody(request.headers)) {
      request.resume();
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', reject);
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return resolve(Messages.malformedJson);
      }
      if (body === null || typeof body !== 'object') return resolve(Messages.malformedJson);
      if (Array.isArray(body)) return resolve(Messages.jsonObjectOnly);
      resolve(findProblem(body));
    });
  });
}

function refuse(response: ServerResponse, statusCode: number, message: string, headers: readonly string[]): void {
  const bytes = Buffer.from(JSON.stringify({ statusCode, message }), 'utf8');
  response.writeHead(statusCode, [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(bytes.length)]);
  response.end(bytes);
}

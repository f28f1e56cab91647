import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pino, type Logger } from 'pino';
import { trackResponse } from '../http-drain.js';
import type { RequestTiming } from '../metrics/http-request-metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { redactPath, secretsOfPath, withoutSecrets } from './secret-paths.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const STARTED = Symbol('started');
const REQUEST_ID = Symbol('request id');
const USER_ID = Symbol('user id');
const ERROR = Symbol('error');

interface Observed extends ServerResponse {
  [STARTED]?: number;
  [REQUEST_ID]?: string;
  [USER_ID]?: string;
  [ERROR]?: unknown;
}

interface SignedInRequest extends IncomingMessage {
  /** Passport's signed-in user, set by its session middleware for the requests Express answers. */
  user?: { id?: unknown };
  /** The URL as it came, which Express keeps while its mounted routers shorten `url`. */
  originalUrl?: string;
}

/** Paths asked over and over by machines (health checks, Prometheus): their lines are at debug level. */
const PROBES = new Set(['/api/health', '/metrics']);
/**
 * The visitors' hot paths (bio page, /go, the click call, the JSON profile): answered well, their lines are at
 * debug level too. A viral page gets thousands a second, the metrics count each one, and a line apiece would
 * cost 10–15 % of the cheapest of them; one that fails (4xx, 5xx) is logged at info or error like any other.
 */
const VISITOR_PATHS = new Set(['/:username', '/go/:linkId', '/api/links/:id/click', '/api/users/:username']);

export interface RequestObserverOptions {
  logger: Logger;
  /** Records the request's time in the metrics; only answers that were finished (not cut) are recorded. */
  timing: RequestTiming;
  /** The route pattern of an answered request (see routeNamer). */
  routeOf: (request: IncomingMessage, response: ServerResponse) => string;
}

/** The id of the request this response answers (its `X-Request-Id`), for a log line written elsewhere. */
export function requestIdOfResponse(response: ServerResponse): string | undefined {
  return (response as Observed)[REQUEST_ID];
}

/**
 * Says the request's id in the response's `X-Request-Id`, for an answer whose headers are set one by one.
 * The observer does not set it itself: a header set before `writeHead(status, headers)` turns Node's
 * writeHead into its slow path (every header set again, one by one), which the hot paths avoid.
 */
export function echoRequestId(response: ServerResponse): void {
  const id = (response as Observed)[REQUEST_ID];
  if (id !== undefined) response.setHeader(REQUEST_ID_HEADER, id);
}

/** Express's first middleware: every answer of the full pipeline says its request's id. */
export function echoRequestIds(_request: IncomingMessage, response: ServerResponse, next: () => void): void {
  echoRequestId(response);
  next();
}

/** `headers` (name, value, name, value…) and the request's `X-Request-Id`, for an answer written in one writeHead. */
export function withRequestId(headers: readonly string[], response: ServerResponse): readonly string[] {
  const id = (response as Observed)[REQUEST_ID];
  return id === undefined ? headers : [...headers, REQUEST_ID_HEADER, id];
}

/** Says who is signed in for a request answered before Express (the signed-in fast path): their id is logged. */
export function noteUser(response: ServerResponse, userId: string): void {
  (response as Observed)[USER_ID] = userId;
}

/** The error that made this request fail (a 500): logged, with its stack, in the request's own line. */
export function noteError(response: ServerResponse, error: unknown): void {
  (response as Observed)[ERROR] = error;
}

/**
 * The one observer of every request the HTTP server takes, before whichever listener answers it (the fast
 * paths or Express): it gives the request its id (echoed in `X-Request-Id` by whoever answers: Express's
 * first middleware, echoRequestIds, and the fast paths), does the drain's bookkeeping,
 * and when the response is closed records its time in the metrics and writes its log line — one JSON line
 * with the id, method, path (never the query, which may hold a token; a token in the path replaced, see
 * secret-paths.ts), route pattern, status, duration and the signed-in user's id. A 5xx is logged as an
 * error, with the error noted for it (without the path's token); health checks and metrics scrapes at debug
 * level. Per request: one listener, one clock read at each end, one small object
 * for the line.
 */
export function observeRequests(handler: Handler, options: RequestObserverOptions): Handler {
  const { logger, timing, routeOf } = options;
  // pino's own destination and the fields it adds to every line (`,"pid":…,"hostname":…`).
  const destination = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym]!;
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';

  function closed(this: Observed): void {
    const request = this.req as SignedInRequest;
    const durationMs = performance.now() - this[STARTED]!;
    const route = routeOf(request, this);
    const method = request.method ?? 'GET';
    const status = this.statusCode;
    const finished = this.writableFinished;
    if (finished) timing(route, method, status, durationMs / 1000);

    const error = this[ERROR];
    const level =
      status >= 500 || error !== undefined
        ? 'error'
        : PROBES.has(route) || (status < 400 && VISITOR_PATHS.has(route))
          ? 'debug'
          : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const url = request.originalUrl ?? request.url ?? '/';
    const query = url.indexOf('?');
    const rawPath = query === -1 ? url : url.slice(0, query);
    const path = redactPath(rawPath);
    const userId = this[USER_ID] ?? (typeof request.user?.id === 'string' ? request.user.id : undefined);
    const rounded = Math.round(durationMs * 100) / 100;
    if (finished && error === undefined) {
      // The common line, written as pino writes it, without pino's general serialisation (bench).
      const user = userId === undefined ? '' : `,"userId":${JSON.stringify(userId)}`;
      destination.write(
        `{"level":"${level}","time":${Date.now()}${bindings},"reqId":"${this[REQUEST_ID]!}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"route":${JSON.stringify(route)},"status":${status},"durationMs":${rounded}${user},"msg":"request completed"}\n`,
      );
      return;
    }
    logger[level](
      {
        reqId: this[REQUEST_ID],
        method,
        path,
        route,
        status,
        durationMs: rounded,
        userId,
        aborted: finished ? undefined : true,
        err: scrubbed(error, secretsOfPath(rawPath)),
      },
      finished ? 'request completed' : 'request aborted',
    );
  }

  return (request, response) => {
    const observed = response as Observed;
    observed[STARTED] = performance.now();
    // Echoed by whoever answers (echoRequestId, withRequestId): see echoRequestId.
    observed[REQUEST_ID] = requestIdOf(request.headers['x-request-id']);
    trackResponse(request, response);
    response.on('close', closed);
    handler(request, response);
  };
}

/**
 * The error of a request whose path holds a secret, as it may be logged: its message, stack and other fields
 * (a URL in them, a value quoted by a store) without the secret, its type kept. Any other error as it is.
 */
function scrubbed(error: unknown, secrets: readonly string[]): unknown {
  if (error === undefined || secrets.length === 0) return error;
  if (!(error instanceof Error)) return scrubbedValue(error, secrets);
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  // The error's own prototype, so the logger names its type as for the error itself.
  const copy = Object.create(Object.getPrototypeOf(error) as object) as object;
  for (const key of Object.keys(serialized)) {
    if (key === 'raw' || key === 'type') continue;
    Object.defineProperty(copy, key, { value: scrubbedValue(serialized[key], secrets), enumerable: true });
  }
  return copy;
}

function scrubbedValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return withoutSecrets(value, secrets);
  try {
    // In JSON text a secret is written as its JSON string's inside.
    const inJson = secrets.map((secret) => JSON.stringify(secret).slice(1, -1));
    return JSON.parse(withoutSecrets(JSON.stringify(value) ?? 'null', inJson)) as unknown;
  } catch {
    return '[unserialisable]';
  }
}

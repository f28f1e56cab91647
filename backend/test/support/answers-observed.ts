import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ObservedResponse } from './openapi-check.js';

/** Bodies larger than this are not kept (their status and media type are still checked). */
const BODY_LIMIT = 4 * 1024 * 1024;

export type Observer = (observed: ObservedResponse) => void;

/**
 * Calls `observer` with every answer this HTTP server sends once it is sent: whoever answers (Express, the
 * fast paths before it) and whoever asks (supertest, fetch on its port).
 */
export function watchServer(server: Server, observer: Observer): void {
  const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
  server.emit = ((event: string, ...args: unknown[]) => {
    if (event === 'request') observe(args[0] as IncomingMessage, args[1] as ServerResponse, observer);
    return emit(event, ...args);
  }) as Server['emit'];
}

function observe(request: IncomingMessage, response: ServerResponse, observer: Observer): void {
  // Read now: a handler mounted under a prefix (express.static) shortens request.url as it goes.
  const method = request.method ?? 'GET';
  const path = (request.url ?? '/').split('?')[0]!;
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > BODY_LIMIT) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    chunks.push(buffer);
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  // writeHead's own headers (the fast paths pass them there) are not read back by getHeader.
  const written: Record<string, string> = {};
  response.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  response.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  response.writeHead = ((...args: unknown[]) => {
    Object.assign(written, headerValues(args.find((arg) => typeof arg === 'object' && arg !== null)));
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  response.once('finish', () => {
    const header = (name: string) => written[name] ?? (response.getHeader(name) as string | undefined);
    observer({
      method,
      path,
      status: response.statusCode,
      contentType: header('content-type'),
      body: size > BODY_LIMIT ? undefined : decode(Buffer.concat(chunks), header('content-encoding')),
      setCookie: setCookieLines(written['set-cookie'] ?? response.getHeader('set-cookie')),
    });
  });
}

/**
 * Calls `observer` with every answer `fetch` gets from a server `isWatched` picks (by its URL and headers),
 * the body read from a copy so the caller's stays unread.
 */
export function watchFetch(isWatched: (url: URL, response: Response) => boolean, observer: Observer): void {
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetchOriginal(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (isWatched(url, response)) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const body = method === 'HEAD' ? '' : await response.clone().text().catch(() => undefined);
      observer({ method, path: url.pathname, status: response.status, contentType: response.headers.get('content-type') ?? undefined, body: body || undefined });
    }
    return response;
  };
}

/** A Set-Cookie header's lines, however it was set (one line, or several). */
function setCookieLines(header: unknown): string[] | undefined {
  if (header === undefined) return undefined;
  return (Array.isArray(header) ? header : [header]).map(String);
}

/** writeHead's headers as lowercase name → value: an object, [name, value, …] or [[name, value], …]. */
function headerValues(headers: unknown): Record<string, string> {
  const pairs: Array<[unknown, unknown]> = [];
  if (Array.isArray(headers)) {
    if (Array.isArray(headers[0])) pairs.push(...(headers as Array<[unknown, unknown]>));
    else for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([headers[i], headers[i + 1]]);
  } else if (headers && typeof headers === 'object') pairs.push(...Object.entries(headers));
  return Object.fromEntries(pairs.map(([name, value]) => [String(name).toLowerCase(), String(value)]));
}

function decode(bytes: Buffer, encoding: unknown): string | undefined {
  if (bytes.length === 0) return undefined;
  try {
    if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  } catch {
    return undefined;
  }
  return bytes.toString('utf8');
}

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { CalendarProblem } from '../domain/calendar-problem.js';
import { isPublicAddress } from '../domain/network-address.js';

export interface GuardedHttpOptions {
  /** CALDAV_ALLOW_PRIVATE_NETWORKS: http and private addresses allowed (a calendar server on the same network). */
  allowPrivateNetworks: boolean;
  /** Each request's limit, connecting and reading the answer included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Answers longer than this are cut off as unreadable. */
  maxBytes: number;
}

export interface GuardedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent only to the address asked and to redirects within its site (a calendar provider's own hosts). */
  authorization?: string;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The address that answered, after any redirects. */
  url: string;
}

/** A host name's addresses, as DNS answers them (every one, in the resolver's order). */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

const dnsResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The last two labels of a host name (an IP address whole): redirects within it keep the sign-in, as iCloud
 * sends each account on to a host of its own.
 */
const siteOf = (host: string) => (isIP(host.replace(/^\[|\]$/g, '')) ? host : host.split('.').slice(-2).join('.'));

/**
 * HTTP for addresses a creator typed, guarded against server-side request forgery: https only, and the host's
 * addresses are resolved first and every one must be public; the connection then goes to the address checked
 * (the lookup is pinned), so a DNS answer changed in between (rebinding) cannot send it elsewhere. Redirects
 * are followed here, a few at most, each checked the same way. CALDAV_ALLOW_PRIVATE_NETWORKS lifts the
 * network checks for calendar servers on the operator's own network.
 */
export class GuardedHttp {
  constructor(
    private readonly options: GuardedHttpOptions,
    private readonly resolve: Resolve = dnsResolve,
  ) {}

  async request(request: GuardedRequest): Promise<GuardedResponse> {
    let current = request;
    const origin = new URL(request.url);
    for (let hop = 0; ; hop += 1) {
      const response = await this.once(current);
      if (!REDIRECTS.has(response.status) || typeof response.headers.location !== 'string') return response;
      if (hop >= this.options.maxRedirects) throw new CalendarProblem('too_many_redirects');
      let next: URL;
      try {
        next = new URL(response.headers.location, current.url);
      } catch {
        throw new CalendarProblem('unreadable');
      }
      const sameSite = next.protocol === origin.protocol && siteOf(next.hostname) === siteOf(origin.hostname);
      const method = response.status === 303 ? 'GET' : current.method;
      current = {
        ...current,
        url: next.toString(),
        method,
        body: method === 'GET' ? undefined : current.body,
        authorization: sameSite ? current.authorization : undefined,
      };
    }
  }

  /** The address's host resolved and checked: the one address to connect to. */
  async addressOf(url: URL): Promise<{ address: string; family: 4 | 6 }> {
    const allowPrivate = this.options.allowPrivateNetworks;
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new CalendarProblem('not_https');
    if (url.username || url.password) throw new CalendarProblem('not_https');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new CalendarProblem('unreachable');
      }
    }
    if (addresses.length === 0) throw new CalendarProblem('unreachable');
    // Every address must be public: a host answering with one public and one private address is refused.
    if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) throw new CalendarProblem('private_address');
    const first = addresses[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  private async once(request: GuardedRequest): Promise<GuardedResponse> {
    const url = new URL(request.url);
    const pinned = await this.addressOf(url);
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...request.headers, 'user-agent': 'Linkbio-Calendar/1.0' };
    if (request.authorization) headers.authorization = request.authorization;
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    return new Promise<GuardedResponse>((resolve, reject) => {
      const outgoing = client.request(
        url,
        { method: request.method, headers, lookup, agent: false, signal: AbortSignal.timeout(this.options.timeoutMs) },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.options.maxBytes) {
              incoming.destroy();
              reject(new CalendarProblem('unreadable'));
            } else chunks.push(chunk);
          });
          incoming.on('end', () =>
            resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), url: url.toString() }),
          );
          incoming.on('error', () => reject(new CalendarProblem('unreachable')));
        },
      );
      // Connection refused, reset, TLS failure, timeout: the server cannot be reached (its own words are not kept).
      outgoing.on('error', () => reject(new CalendarProblem('unreachable')));
      outgoing.end(request.body);
    });
  }
}

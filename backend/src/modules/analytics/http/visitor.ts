import { attributionOf, hasAttribution } from '@linkbio/shared-contracts';
import { isbot } from 'isbot';
import {
  deviceClass,
  referrerHost,
  type DeviceClass,
  type VisitSource,
  type VisitorContext,
} from '../domain/analytics.js';

/** What a User-Agent says of its visitor, kept for the agents seen lately (most visits come from a few). */
const agents = new Map<string, { isBot: boolean; device: DeviceClass | null }>();
const AGENTS_KEPT = 1000;

function agentOf(userAgent: string | undefined) {
  const key = userAgent ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = { isBot: isbot(key), device: deviceClass(userAgent) };
    if (key.length <= 512) {
      if (agents.size >= AGENTS_KEPT) agents.clear();
      agents.set(key, agent);
    }
  }
  return agent;
}

/**
 * Who is visiting, from the request's headers, its address (as Express's req.ip reads it: only the recorder
 * looks at it, for the country and the day's visitor hash) and where the visit came from.
 */
export function visitorFrom(
  userAgent: string | undefined,
  referrer: string | undefined | null,
  address: string | undefined | null = null,
  source: VisitSource | null = null,
): VisitorContext {
  const { isBot, device } = agentOf(userAgent);
  return {
    isBot,
    referrer: referrer ?? null,
    device,
    source,
    origin: address ? { address, userAgent: userAgent ?? '' } : null,
  };
}

/** The host of a Host header or URL authority, lower case, without its port. */
const hostOnly = (host: string | undefined) => host?.replace(/:\d*$/, '').toLowerCase();

/**
 * Where a visit came from: the campaign parameters of the address asked for (`utm_source`, `utm_medium`,
 * `utm_campaign`; `url` is a path with its query), else the referring page's host unless that is the product's
 * own (one of `ownHosts`, Host headers or hosts, ports ignored); null for none.
 */
export function visitSource(
  url: string,
  referrer: string | undefined,
  ownHosts: ReadonlyArray<string | undefined>,
): VisitSource | null {
  const query = url.indexOf('?');
  if (query === -1 && !referrer) return null;
  const host = referrerHost(referrer);
  const own = host !== null && ownHosts.some((ownHost) => hostOnly(ownHost) === host.toLowerCase());
  const source = attributionOf(query === -1 ? '' : url.slice(query + 1), own ? null : host);
  return hasAttribution(source) ? source : null;
}

/**
 * The source a click carries: a link on the bio page carries its visit's as campaign parameters, on /go/{id}'s
 * address (`url`) or, for the click call, on the bio page's address (its Referer, when that is the product's own).
 */
export function clickSource(
  url: string,
  referrer: string | undefined,
  ownHosts: ReadonlyArray<string | undefined>,
): VisitSource | null {
  const host = referrerHost(referrer);
  if (
    host !== null &&
    url.indexOf('?') === -1 &&
    ownHosts.some((ownHost) => hostOnly(ownHost) === host.toLowerCase())
  ) {
    try {
      return visitSource(new URL(referrer!).search, undefined, ownHosts);
    } catch {
      return null;
    }
  }
  return visitSource(url, referrer, ownHosts);
}

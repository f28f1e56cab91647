import type { IncomingMessage } from 'node:http';
import { attributionOf, hasAttribution, type Attribution } from '@linkbio/shared-contracts';
import { referrerHost } from '../../analytics/domain/analytics.js';

/** The query of a request's address (after '?'), '' for none. */
const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

/** The host name of an origin (`http://host:port`) or of a Host header (`host:port`), without the port; '' for none. */
const hostName = (originOrHost: string): string => {
  try {
    return new URL(originOrHost.includes('://') ? originOrHost : `http://${originOrHost}`).hostname;
  } catch {
    return '';
  }
};

/**
 * What a visit of the bio page carries on in its links (issue 29): the campaign parameters of its address, else
 * the host that referred it, unless that host is the product's own (the page's origin, or the Host the request
 * came to: a visitor coming back from a booking). Null when there is nothing to carry — the page's usual path.
 */
export function bioVisitAttribution(request: IncomingMessage, origin: string): Attribution | null {
  const url = request.url ?? '';
  const referrer = request.headers.referer;
  if (!referrer && url.indexOf('?') === -1) return null;
  let host = referrerHost(referrer);
  if (host !== null && (host === hostName(origin) || host === hostName(request.headers.host ?? ''))) host = null;
  const attribution = attributionOf(queryOf(url), host);
  return hasAttribution(attribution) ? attribution : null;
}

/**
 * The attribution a booking, tip or product page was given in its address by the bio page's links (only the
 * campaign parameters: its referrer is the bio page), or null when none.
 */
export function carriedAttribution(request: IncomingMessage): Attribution | null {
  const query = queryOf(request.url ?? '');
  if (query === '') return null;
  const attribution = attributionOf(query, null);
  return hasAttribution(attribution) ? attribution : null;
}

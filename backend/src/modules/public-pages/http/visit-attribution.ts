import type { IncomingMessage } from 'node:http';
import { attributionOf, hasAttribution, type Attribution } from '@linkbio/shared-contracts';

/** The query of a request's address (after '?'), '' for none. */
const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

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

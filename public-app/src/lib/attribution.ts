import { attributionFromBody, attributionQuery, hasAttribution, type Attribution } from '@linkbio/shared-contracts';

/*
 * A visit's attribution (issue 29) carried from page to page in the addresses the pages render, never in a
 * cookie: the bio page's links hand it to the booking, tip and product pages, which send it with their checkout.
 */

/** `href` with the attribution's parameters added to its query; `href` itself without one. */
export function withAttribution(href: string, attribution: Attribution | null | undefined): string {
  const query = attribution ? attributionQuery(attribution) : '';
  if (query === '') return href;
  return `${href}${href.includes('?') ? '&' : '?'}${query}`;
}

/** The attribution's parameters as name and value pairs: a GET form's hidden inputs carry them on. */
export function attributionFields(attribution: Attribution | null | undefined): Array<[string, string]> {
  return attribution ? [...new URLSearchParams(attributionQuery(attribution))] : [];
}

/** An attribution read back from a page's data (JSON), cleaned as the server cleans it; null when none. */
export function attributionOrNull(value: unknown): Attribution | null {
  const attribution = attributionFromBody(value);
  return hasAttribution(attribution) ? attribution : null;
}

import type { Id } from '../../../../shared/ids.js';
import type { LinkTarget, PublicPage } from '../../domain/public-page.js';

/** Where the public pages are read from. Reads stay cheap: they sit on the visitors' request paths. */
export abstract class PublicPageSource {
  /**
   * The page of this username (lowercase); else the page of the account that gave the name up lately and holds
   * it still, marked with `forwardsUntil`; null when neither.
   */
  abstract page(username: string): Promise<PublicPage | null>;
  /** An active link and its owner's plan, or null when the link is off, deleted or unknown. */
  abstract link(id: Id): Promise<LinkTarget | null>;
}

/** What a visitor reads when the store cannot answer and the cache holds nothing to answer with (503). */
export const PAGES_UNAVAILABLE_MESSAGE = 'This page is not available right now. Please try again in a moment.';
export const PAGES_RETRY_AFTER_SECONDS = 5;

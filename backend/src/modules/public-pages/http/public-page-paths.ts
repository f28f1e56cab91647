import { RESERVED_USERNAMES, isValidUsernameShape } from '@linkbio/shared-contracts';
import { LEGAL_PAGES } from '../application/ports/legal-texts.js';

/** The page paths that take a username after them. */
const PAGE_PREFIXES = new Set(['book', 'tip']);

const isLegalPage = (segment: string) => (LEGAL_PAGES as readonly string[]).includes(segment);

/**
 * Which page paths the public pages answer (architecture.md: one origin). Everything else that is not the
 * API stays the dashboard's, including its 404 page.
 *
 * - `/{username}`: one segment that looks like a username (3–30 of a-z, 0-9, hyphen; in any letter case,
 *   redirected to lowercase) and is not reserved (decisions.md), so `/auth`, `/dashboard`… never match;
 * - `/book` and `/book/{anything}`;
 * - `/tip/{anything}` (the tip page, issue 27; `/tip` alone is a username's page like any other);
 * - `/go/{anything}`;
 * - `/{username}/products/{anything}` (a product's page, issue 27);
 * - `/privacy` and `/terms` (LegalPagesController).
 */
export function isPublicPagePath(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  if (segments.length === 1) return segments[0] === 'book' || isLegalPage(segments[0]!) || bioUsername(segments[0]!) !== null;
  if (segments.length === 3) return segments[1] === 'products' && segments[2] !== '' && bioUsername(segments[0]!) !== null;
  return segments.length === 2 && (PAGE_PREFIXES.has(segments[0]!) || segments[0] === 'go') && segments[1] !== '';
}

/**
 * The lowercase username a bio path segment names, or null when it cannot be one. Only route names
 * (RESERVED_USERNAMES) are left to the dashboard here: names reserved for looking official
 * (isReservedUsername) are refused to new claims only, so a page an account had under one before keeps
 * answering, and so does the forward from one given up.
 */
export function bioUsername(segment: string): string | null {
  const username = segment.toLowerCase();
  return isValidUsernameShape(username) && !RESERVED_USERNAMES.has(username) ? username : null;
}

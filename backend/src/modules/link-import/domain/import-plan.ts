import {
  hostOf,
  LINK_TITLE_MAX_LENGTH,
  LinkImportMessages,
  normalizeHttpUrl,
  type LinkImportRowView,
} from '@linkbio/shared-contracts';

/** A link as a source gives it: its text as found, or the reason the source itself gives for leaving it out. */
export interface SourceRow {
  title: string;
  url: string;
  /** Set when the source marks the row as not a link to import (a Linktree header, a locked link). */
  skip?: string;
}

/** A row made ready to be a link: its URL normalised, its title cleaned; or the reason it cannot be one. */
export type CheckedRow = { ok: true; title: string; url: string } | { ok: false; title: string; url: string; reason: string };

// Control characters (C0, DEL, C1) and the line and paragraph separators: none belongs in a one-line title.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Up to `max` code points of the text, never half of a surrogate pair. */
const firstCodePoints = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * A title as links keep theirs: control characters and runs of white space made one space, trimmed, at most
 * 100 characters (code points, as the links' varchar counts them); empty, the URL's host stands in for it.
 */
export function cleanTitle(title: string, url: string): string {
  const cleaned = firstCodePoints(title.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim(), LINK_TITLE_MAX_LENGTH).trim();
  if (cleaned !== '') return cleaned;
  return firstCodePoints(hostOf(url) ?? url.replace(CONTROL, ' ').trim(), LINK_TITLE_MAX_LENGTH);
}

/** The scheme a refused address names (`javascript:`), when it names one. */
function schemeOf(url: string): string | null {
  // Browsers skip tabs and newlines inside a scheme, so `java\tscript:` is read as javascript: too.
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, ''))?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? null : `${scheme}:`;
}

/** Checks one row: only http(s) addresses (the links' own rule, normalizeHttpUrl), a clean title. */
export function checkRow(row: { title: string; url: string }): CheckedRow {
  const raw = row.url.trim();
  const url = normalizeHttpUrl(raw);
  if (url !== null) return { ok: true, title: cleanTitle(row.title, url), url };
  const shown = firstCodePoints(raw.replace(CONTROL, ' '), 300);
  const title = cleanTitle(row.title, '') || shown;
  if (raw === '') return { ok: false, title, url: shown, reason: LinkImportMessages.skipNoUrl };
  const scheme = schemeOf(raw);
  return { ok: false, title, url: shown, reason: scheme ? LinkImportMessages.skipNotHttp(scheme) : LinkImportMessages.skipInvalidUrl };
}

/**
 * What makes two addresses the same link: the URL as parsed (scheme and host in lower case, default port
 * dropped), without a trailing slash.
 */
export function sameLinkKey(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, '');
  } catch {
    return url.trim();
  }
}

/**
 * The preview of an import: each row checked, a row whose address is already among the creator's links or
 * earlier in the source skipped, and the rows that would be added beyond `room` (how many more links the plan
 * holds; null: no limit) marked over the limit. Rows keep the source's order.
 */
export function planImport(rows: SourceRow[], existingUrls: Iterable<string>, room: number | null): LinkImportRowView[] {
  const existing = new Set([...existingUrls].map(sameLinkKey));
  const seen = new Map<string, number>();
  let adding = 0;
  return rows.map((row, index): LinkImportRowView => {
    const checked = checkRow(row);
    if (row.skip !== undefined) return { title: checked.title, url: checked.url, outcome: 'skip', reason: row.skip };
    if (!checked.ok) return { title: checked.title, url: checked.url, outcome: 'skip', reason: checked.reason };
    const key = sameLinkKey(checked.url);
    const { title, url } = checked;
    if (existing.has(key)) return { title, url, outcome: 'skip', reason: LinkImportMessages.skipExisting };
    const earlier = seen.get(key);
    if (earlier !== undefined) return { title, url, outcome: 'skip', reason: LinkImportMessages.skipRepeated(earlier) };
    seen.set(key, index + 1);
    if (room !== null && adding >= room) return { title, url, outcome: 'over-limit', reason: LinkImportMessages.skipOverLimit };
    adding += 1;
    return { title, url, outcome: 'add', reason: null };
  });
}

/** How many more links fit: the plan's limit less what the creator has (never below 0); null: no limit. */
export const roomLeft = (limit: number | null, existing: number): number | null => (limit === null ? null : Math.max(0, limit - existing));

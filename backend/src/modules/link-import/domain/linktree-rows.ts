import { Parser } from 'htmlparser2';
import { LinkImportMessages } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { SourceRow } from './import-plan.js';

/** A Linktree username: letters, digits, `_` and `.`, up to 50 characters (Linktree's own allow 30). */
const LINKTREE_NAME = /^[A-Za-z0-9_.]{1,50}$/;
const LINKTREE_ADDRESS = /^(?:https?:\/\/)?(?:www\.)?linktr\.ee\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/**
 * The username a Linktree address names: `https://linktr.ee/name` (also without the scheme, over http, with
 * `www.`, a trailing slash or a query). Any other host or path, or a name with other characters, is refused:
 * the server reads only linktr.ee's own profile pages.
 */
export function linktreeName(address: string): string {
  const name = LINKTREE_ADDRESS.exec(address.trim())?.[1];
  if (name === undefined || !LINKTREE_NAME.test(name) || /^\.+$/.test(name)) throw invalid(LinkImportMessages.notLinktreeAddress);
  return name;
}

/** The text of the page's `<script id="__NEXT_DATA__">`, where Next.js puts the data the page is built from. */
function nextData(html: string): string | null {
  let inside = false;
  let found: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      inside = found === null && name === 'script' && attributes.id === '__NEXT_DATA__';
      if (inside) found = '';
    },
    ontext(text) {
      if (inside) found += text;
    },
    onclosetag(name) {
      if (name === 'script') inside = false;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A link Linktree hides behind a gate (sensitive content, age, passcode, payment): `locked` set (older pages),
 * or gates listed in `rules.gate.activeOrder`.
 */
function isLocked(link: Record<string, unknown>): boolean {
  if (link.locked === true || (isObject(link.locked) && Object.keys(link.locked).length > 0)) return true;
  const gate = isObject(link.rules) && isObject(link.rules.gate) ? link.rules.gate : null;
  return Array.isArray(gate?.activeOrder) && gate.activeOrder.length > 0;
}

/**
 * The links of a public Linktree page, in the page's order: the `props.pageProps.links` of its
 * `__NEXT_DATA__` (each `{ type, title, url, position, locked, rules, parent… }`, in the page's order; older pages also under
 * `account.links`). Only plain links (`CLASSIC`, including those inside a group) are imported; a header, a
 * locked link and every other kind (music, video, commerce…) come back skipped with the reason. Best effort: it
 * reads what Linktree puts in its pages today, and says so plainly when that is not there.
 */
export function linktreeRows(html: string): SourceRow[] {
  const data = nextData(html);
  if (data === null) throw invalid(LinkImportMessages.linktreeUnreadable);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw invalid(LinkImportMessages.linktreeUnreadable);
  }
  const pageProps = isObject(parsed) && isObject(parsed.props) && isObject(parsed.props.pageProps) ? parsed.props.pageProps : null;
  const links = pageProps && (Array.isArray(pageProps.links) ? pageProps.links : isObject(pageProps.account) ? pageProps.account.links : null);
  if (!Array.isArray(links)) throw invalid(LinkImportMessages.linktreeUnreadable);
  return links.filter(isObject).map((link): SourceRow => {
    const type = text(link.type).toUpperCase() || 'CLASSIC';
    const row = { title: text(link.title), url: text(link.url) };
    if (type === 'HEADER') return { ...row, skip: LinkImportMessages.skipLinktreeHeader };
    if (type !== 'CLASSIC') return { ...row, skip: LinkImportMessages.skipLinktreeKind(type.slice(0, 40)) };
    if (isLocked(link)) return { ...row, skip: LinkImportMessages.skipLinktreeLocked };
    return row;
  });
}


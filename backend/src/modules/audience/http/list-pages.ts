/**
 * The small server-rendered pages of the e-mail list's links: the answer to the page block's plain form post,
 * the confirmation, and the unsubscribe page (whose button POSTs: a GET never unsubscribes, as mail scanners
 * open links). No script; every text escaped.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#111827}' +
  'main{max-width:28rem;margin:12vh auto;padding:2rem 1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px #0002;text-align:center}' +
  'h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0}' +
  'button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:.6rem;background:#111827;color:#fff;cursor:pointer;margin-top:1rem}' +
  'a{color:#4f46e5}';

export function listPage(title: string, paragraphs: readonly string[], extra = ''): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${extra}` +
    '</main></body></html>'
  );
}

/** A link back to the creator's page (a username is a-z, 0-9 and hyphens; escaped all the same). */
export const backToPage = (username: string) => `<p><a href="/${escapeHtml(encodeURIComponent(username))}">Back to the page</a></p>`;

/** The unsubscribe page's button: a form posting to the link's own address. */
export const unsubscribeButton = (path: string) =>
  `<form method="post" action="${escapeHtml(path)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
  '<button type="submit">Unsubscribe</button></form>';

import type { OrderPageView } from '../application/order-link.use-case.js';

/*
 * The buyer's order page (/order/{token}): a small server-rendered page, every value escaped. The Download
 * button posts to /order/{token}/download, which answers 303 to the file's short-lived link; a URL product
 * shows its private URL (an http(s) address, as the products module stores it).
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The page's own policy: nothing but its inline style, and forms posting here (then redirected to the file's host). */
export const ORDER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f8;color:#1c1c1e}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .25rem}p{line-height:1.5}.muted{color:#5f5f66;font-size:.9rem}
button,.button{display:inline-block;padding:.7rem 1.2rem;border:0;border-radius:8px;background:#1c1c1e;color:#fff;font-size:1rem;cursor:pointer;text-decoration:none}
a{color:#1d4ed8;word-break:break-all}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const isHttpUrl = (url: string): boolean => /^https?:\/\//i.test(url);

export function orderPageHtml(view: OrderPageView, downloadAction: string): string {
  const head = `<h1>${escapeHtml(view.title)}</h1>${view.creatorName ? `<p class="muted">From ${escapeHtml(view.creatorName)}</p>` : ''}`;
  let body: string;
  if (view.delivery?.kind === 'file') {
    const left = view.delivery.downloadsLeft;
    body =
      left > 0
        ? `<form method="post" action="${escapeHtml(downloadAction)}"><button type="submit">Download</button></form>
<p class="muted">${escapeHtml(view.delivery.fileName)} · ${left} download${left === 1 ? '' : 's'} left</p>`
        : '<p>This order has been downloaded 10 times, the most it allows.</p>';
  } else if (view.delivery?.kind === 'url' && isHttpUrl(view.delivery.url)) {
    body = `<p>Your link:</p><p><a href="${escapeHtml(view.delivery.url)}" rel="noopener noreferrer">${escapeHtml(view.delivery.url)}</a></p>`;
  } else body = '<p>This product is no longer available.</p>';
  return layout(view.title, `${head}${body}<p class="muted">Keep this page's address private: it is your access to this order.</p>`);
}

export function orderRefusedHtml(message: string): string {
  return layout('Order', `<h1>Order</h1><p>${escapeHtml(message)}</p>`);
}

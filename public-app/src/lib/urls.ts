/**
 * An image address that is safe to put in a page: absolute http(s) only (a path on our own origin, such as
 * an uploaded file under /objects, is made absolute). Anything else (javascript:, data:, garbage) is null.
 */
export function safeImageUrl(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The canonical address of a page of ours. */
export const pageUrl = (origin: string, path: string): string => `${origin}${path}`;

// The small libraries express-session and Express are built from that carry no types of their own, used as they use them.
declare module 'cookie-signature' {
  /** `value.signature`, the signature an HMAC-SHA256 of the value under the secret. */
  export function sign(value: string, secret: string): string;
  /** The value when its signature is right, else false. */
  export function unsign(signed: string, secret: string): string | false;
}

declare module 'etag' {
  /** The ETag Express gives a body (`W/"…"` when weak). */
  export default function etag(entity: string | Buffer, options?: { weak?: boolean }): string;
}

declare module 'fresh' {
  /** Whether the client's cached copy (If-None-Match / If-Modified-Since) is still the answer. */
  export default function fresh(requestHeaders: Record<string, string | string[] | undefined>, responseHeaders: Record<string, string | undefined>): boolean;
}

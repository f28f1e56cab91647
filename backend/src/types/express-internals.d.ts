// The small libraries Express and express-session are built from, used as they use them (no types of their own).
declare module 'cookie' {
  export interface SerializeOptions {
    expires?: Date;
    httpOnly?: boolean;
    path?: string;
    sameSite?: 'lax' | 'strict' | 'none' | boolean;
    secure?: boolean;
  }
  /** The request's cookies by name, each decoded; the first of a repeated name wins. */
  export function parse(header: string): Record<string, string | undefined>;
  export function serialize(name: string, value: string, options?: SerializeOptions): string;
}

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

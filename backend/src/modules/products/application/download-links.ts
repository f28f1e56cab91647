import type { Id } from '../../../shared/ids.js';
import { isId } from '../../../shared/ids.js';
import { RotatingHmac } from '../../../shared/rotating-hmac.js';

/** How long a download link works. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;
/** The route of ours that streams a product's file (the token is a path segment: secret-paths.ts redacts it). */
export const DOWNLOADS_PATH = '/api/downloads';

export type DownloadToken = { ok: true; productId: Id } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Short-lived signed download links: `<productId>.<expiry seconds>.<HMAC>`, the HMAC over the product, the
 * stored file's key (a replaced file ends the links to the old one) and the expiry.
 */
export class DownloadLinks {
  private readonly hmac: RotatingHmac;

  constructor(secrets: readonly string[]) {
    this.hmac = new RotatingHmac(secrets);
  }

  token(productId: Id, fileKey: string, now: Date): string {
    const expires = Math.floor((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
    return `${productId}.${expires}.${this.hmac.sign(signed(productId, fileKey, expires))}`;
  }

  /** The product a token names, before its signature is checked against the file (`verify`). */
  parse(token: string): { productId: Id; expires: number; signature: string } | null {
    const [productId, expiresText, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !productId || !isId(productId) || !signature || !/^\d{1,12}$/.test(expiresText ?? '')) return null;
    return { productId: productId.toLowerCase(), expires: Number(expiresText), signature };
  }

  verify(token: string, fileKey: string | null, now: Date): DownloadToken {
    const parsed = this.parse(token);
    if (!parsed || fileKey === null || !this.hmac.verify(signed(parsed.productId, fileKey, parsed.expires), parsed.signature)) {
      return { ok: false, reason: 'invalid' };
    }
    if (parsed.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, productId: parsed.productId };
  }
}

const signed = (productId: Id, fileKey: string, expires: number) => `product-download\n${productId}\n${fileKey}\n${expires}`;

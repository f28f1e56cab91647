import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies under this many bytes are sent as they are (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 1024;
const BROTLI_QUALITY = 6;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * A response body prepared once and sent many times: its bytes, an ETag of its content, and its gzip and
 * brotli forms, each made the first time a client asks for it.
 */
export class EncodedBody {
  readonly bytes: Buffer;
  readonly etag: string;
  private gzipped: Buffer | null = null;
  private brotli: Buffer | null = null;

  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.bytes = Buffer.from(text, 'utf8');
    this.etag = `"${createHash('sha1').update(this.bytes).digest('base64url')}"`;
  }

  /** The bytes in the best encoding the client accepts. */
  encoded(acceptEncoding: string | undefined): { encoding: ContentEncoding; bytes: Buffer } {
    const encoding = this.bytes.length < COMPRESS_FROM_BYTES ? 'identity' : preferredEncoding(acceptEncoding);
    if (encoding === 'br') {
      this.brotli ??= brotliCompressSync(this.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
      return { encoding, bytes: this.brotli };
    }
    if (encoding === 'gzip') {
      this.gzipped ??= gzipSync(this.bytes);
      return { encoding, bytes: this.gzipped };
    }
    return { encoding, bytes: this.bytes };
  }
}

/** br, then gzip, when Accept-Encoding allows them (q above 0); else the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

/** Bodies made from one value (a page as read) are kept with it and go when it goes. */
export class BodiesOf<K extends object> {
  private readonly bodies = new WeakMap<K, Map<string, EncodedBody>>();

  get(owner: K, variant: string, make: () => EncodedBody): EncodedBody {
    let variants = this.bodies.get(owner);
    if (!variants) this.bodies.set(owner, (variants = new Map()));
    let body = variants.get(variant);
    if (!body) {
      body = make();
      variants.set(variant, body);
    }
    return body;
  }
}

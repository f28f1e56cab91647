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
    const encoding = this.bytes.length < COMPRESS_FROM_BYTES ? 'identity' : encodingFor(acceptEncoding);
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

/**
 * br when Accept-Encoding names it (q above 0), else gzip when it names it or `*` allows it, else the bytes as
 * they are. A name refused with q=0 stays refused whatever `*` says.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if ((weights.get('br') ?? 0) > 0) return 'br';
  return accepts('gzip') ? 'gzip' : 'identity';
}

/** preferredEncoding, kept for the Accept-Encoding values seen lately (browsers send a handful of them). */
const encodings = new Map<string, ContentEncoding>();
function encodingFor(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    if (encodings.size >= 100) encodings.clear();
    encoding = preferredEncoding(acceptEncoding);
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
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

/**
 * Bodies of variants a visitor can make up (a campaign's parameters carried on in a page's links): at most
 * `max` kept in all and `maxBytes` of text between them (their compressed forms add about a third), the least
 * recently used going first, each with the value it was made from — a body of an older value (a page version
 * gone by) is made again; one bigger than the whole budget is made and not kept. However many values visitors
 * send, memory stays bounded.
 */
export class RecentBodiesOf<K extends object> {
  private readonly bodies = new Map<string, { owner: K; body: EncodedBody }>();
  private bytes = 0;

  constructor(
    private readonly max: number,
    private readonly maxBytes: number,
  ) {}

  /** `key` names the variant among all owners (an owner's id and the variant). */
  get(owner: K, key: string, make: () => EncodedBody): EncodedBody {
    const kept = this.bodies.get(key);
    if (kept) this.forget(key, kept.body);
    const body = kept?.owner === owner ? kept.body : make();
    if (body.bytes.length > this.maxBytes) return body;
    while (this.bodies.size >= this.max || this.bytes + body.bytes.length > this.maxBytes) {
      const [oldest, entry] = this.bodies.entries().next().value!;
      this.forget(oldest, entry.body);
    }
    this.bodies.set(key, { owner, body });
    this.bytes += body.bytes.length;
    return body;
  }

  /** How many bodies are kept, and their bytes. */
  get size(): { bodies: number; bytes: number } {
    return { bodies: this.bodies.size, bytes: this.bytes };
  }

  private forget(key: string, body: EncodedBody): void {
    this.bodies.delete(key);
    this.bytes -= body.bytes.length;
  }
}

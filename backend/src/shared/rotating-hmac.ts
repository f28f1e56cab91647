import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures under secrets being rotated: the first (newest) signs, any of them verifies, so that
 * what was signed before a new secret came in stays valid until the old one is taken out of the list.
 */
export class RotatingHmac {
  private readonly keys: readonly (string | Buffer)[];

  constructor(keys: string | Buffer | readonly (string | Buffer)[]) {
    this.keys = Array.isArray(keys) ? keys : [keys as string | Buffer];
    if (this.keys.length === 0) throw new Error('RotatingHmac needs at least one key');
  }

  /** The newest key's signature, base64url. */
  sign(data: string): string {
    return signature(this.keys[0]!, data);
  }

  /** True when one of the keys signed `data` with `given`. */
  verify(data: string, given: string): boolean {
    const candidate = Buffer.from(given);
    return this.keys.some((key) => {
      const expected = Buffer.from(signature(key, data));
      return expected.length === candidate.length && timingSafeEqual(expected, candidate);
    });
  }
}

const signature = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

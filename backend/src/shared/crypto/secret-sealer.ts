import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets kept in the database (a two-factor secret, a calendar's app password) with AES-256-GCM, under a
 * key derived from the product's secret and the purpose, so a copy of the database alone gives none of them.
 * While SESSION_SECRET is rotated (a list, newest first) the newest key seals and each opens; `isStale` tells a
 * secret sealed with an older key, to seal again with the newest.
 */
export class SecretSealer {
  private readonly keys: Buffer[];

  constructor(productSecrets: string | readonly string[], purpose: string) {
    const secrets: readonly string[] = typeof productSecrets === 'string' ? [productSecrets] : productSecrets;
    this.keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, 'linkbio', purpose, 32)));
  }

  /** iv.tag.ciphertext, each base64url. */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The secret, or null when no key opens it (sealed under a secret no longer listed, or not sealed here). */
  open(stored: string): string | null {
    return this.openWith(stored, this.keyIndexOf(stored));
  }

  /** Opened, but with a key older than the newest: to seal again. */
  isStale(stored: string): boolean {
    return this.keyIndexOf(stored) > 0;
  }

  /** The index of the key that sealed `stored` (the one whose authentication tag matches), or -1. */
  keyIndexOf(stored: string): number {
    return this.keys.findIndex((_, index) => this.openWith(stored, index) !== null);
  }

  private openWith(stored: string, index: number): string | null {
    if (index < 0) return null;
    const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keys[index]!, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

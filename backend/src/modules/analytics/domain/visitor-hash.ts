import { createHash } from 'node:crypto';

/**
 * A visitor's hash for one page and day, Plausible's way: the first 64 bits of SHA-256 over the day's salt,
 * the page's owner, the address and the User-Agent, as a signed 64-bit number in decimal. No cookie, nothing
 * stored that names the visitor: once the day's salt is destroyed nobody can tell whose hash it was, nor link
 * it to the same visitor's hashes of other days or pages.
 */
export function visitorHash(salt: Buffer, ownerId: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(salt)
    .update(`${ownerId}\n${address}\n${userAgent}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/** The UTC day of a time, 'YYYY-MM-DD', worked out once per day rather than once per event. */
export class UtcDays {
  private dayNumber = Number.NaN;
  private day = '';

  of(ms: number): string {
    const dayNumber = Math.floor(ms / 86_400_000);
    if (dayNumber !== this.dayNumber) {
      this.dayNumber = dayNumber;
      this.day = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
    }
    return this.day;
  }
}

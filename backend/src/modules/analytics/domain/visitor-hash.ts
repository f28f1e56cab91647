import { createHash } from 'node:crypto';

/**
 * A visitor's hash for one page and day, Plausible's way: the first 64 bits of SHA-256 over the day's salt,
 * the page's owner, the address and the User-Agent, as a signed 64-bit number in decimal. No cookie, nothing
 * stored that names the visitor: once the day's salt is destroyed nobody can tell whose hash it was, nor link
 * it to the same visitor's hashes of other days or pages.
 */
export function visitorHash(salt: Buffer, ownerId: string, address: string, userAgent: string): string {
  return hashOf(salt, `${ownerId}\n${address}\n${userAgent}`);
}

const hashOf = (salt: Buffer, visitor: string) => createHash('sha256').update(salt).update(visitor).digest().readBigInt64BE(0).toString();

/**
 * The visitor hashes of the visitors seen last on the latest day: a visitor's further pages and clicks of the day
 * cost a lookup instead of a SHA-256. Held in this process's memory only, at most `max` at once, and forgotten
 * when the next day begins; a late event of the day before is hashed as it comes.
 */
export class RecentVisitorHashes {
  private day = '';
  private readonly kept = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  /** The visitor's hash on `day` ('YYYY-MM-DD'), whose salt is `salt`. */
  of(day: string, salt: Buffer, ownerId: string, address: string, userAgent: string): string {
    const visitor = `${ownerId}\n${address}\n${userAgent}`;
    if (day !== this.day) {
      if (day < this.day) return hashOf(salt, visitor);
      this.day = day;
      this.kept.clear();
    }
    let hash = this.kept.get(visitor);
    if (hash === undefined) {
      hash = hashOf(salt, visitor);
      if (this.kept.size >= this.max) this.kept.clear();
      this.kept.set(visitor, hash);
    }
    return hash;
  }
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

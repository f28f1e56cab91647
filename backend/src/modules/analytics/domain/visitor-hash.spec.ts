import { createHash } from 'node:crypto';
import { RecentVisitorHashes, UtcDays, visitorHash } from './visitor-hash.js';

const SALT = Buffer.alloc(32, 7);
const OWNER = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';

describe('visitorHash', () => {
  it('is the first 64 bits of SHA-256 over the salt, the page, the address and the User-Agent, signed, in decimal', () => {
    const digest = createHash('sha256')
      .update(Buffer.concat([SALT, Buffer.from(`${OWNER}\n193.0.0.1\nMozilla/5.0`)]))
      .digest();
    expect(visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.0')).toBe(digest.readBigInt64BE(0).toString());
    expect(BigInt(visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'))).toBeLessThan(2n ** 63n);
  });

  it('differs with each of the salt, the page, the address and the User-Agent', () => {
    const hashes = new Set([
      visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'),
      visitorHash(Buffer.alloc(32, 8), OWNER, '193.0.0.1', 'Mozilla/5.0'),
      visitorHash(SALT, 'a3c8e2d4-1111-4a6b-9c0d-00000000000b', '193.0.0.1', 'Mozilla/5.0'),
      visitorHash(SALT, OWNER, '193.0.0.2', 'Mozilla/5.0'),
      visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.1'),
      // The fields cannot run into each other.
      visitorHash(SALT, OWNER, '193.0.0.1\nMozilla', '5.0'),
    ]);
    expect(hashes.size).toBe(6);
  });
});

describe('UtcDays', () => {
  it('names the UTC day of a time, the day changing at midnight UTC', () => {
    const days = new UtcDays();
    expect(days.of(Date.UTC(2026, 2, 10, 23, 59, 59, 999))).toBe('2026-03-10');
    expect(days.of(Date.UTC(2026, 2, 11))).toBe('2026-03-11');
    expect(days.of(Date.UTC(1969, 11, 31, 12))).toBe('1969-12-31');
  });
});

describe('RecentVisitorHashes', () => {
  const NEXT_SALT = Buffer.alloc(32, 9);

  it("answers each visitor's visitorHash, the same on every visit of the day and under the next day's salt the next day", () => {
    const hashes = new RecentVisitorHashes();
    for (let i = 0; i < 3; i += 1) {
      expect(hashes.of('2026-03-10', SALT, OWNER, '193.0.0.1', 'Mozilla/5.0')).toBe(visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'));
      expect(hashes.of('2026-03-10', SALT, OWNER, '193.0.0.2', 'Mozilla/5.0')).toBe(visitorHash(SALT, OWNER, '193.0.0.2', 'Mozilla/5.0'));
    }
    expect(hashes.of('2026-03-11', NEXT_SALT, OWNER, '193.0.0.1', 'Mozilla/5.0')).toBe(visitorHash(NEXT_SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'));
    // A late event of the day before: its own day's salt, and the new day's hashes stay.
    expect(hashes.of('2026-03-10', SALT, OWNER, '193.0.0.1', 'Mozilla/5.0')).toBe(visitorHash(SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'));
    expect(hashes.of('2026-03-11', NEXT_SALT, OWNER, '193.0.0.1', 'Mozilla/5.0')).toBe(visitorHash(NEXT_SALT, OWNER, '193.0.0.1', 'Mozilla/5.0'));
  });

  it('keeps at most `max` visitors, still answering every one right past that', () => {
    const hashes = new RecentVisitorHashes(2);
    for (let round = 0; round < 2; round += 1) {
      for (const address of ['193.0.0.1', '193.0.0.2', '193.0.0.3']) {
        expect(hashes.of('2026-03-10', SALT, OWNER, address, 'Mozilla/5.0')).toBe(visitorHash(SALT, OWNER, address, 'Mozilla/5.0'));
      }
    }
    expect((hashes as unknown as { kept: Map<string, string> }).kept.size).toBeLessThanOrEqual(2);
  });
});

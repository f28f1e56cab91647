import type { VisitorSalts } from '../application/ports/visitor-salts.js';

/**
 * What every VisitorSalts must do, run against the in-memory fake and the PostgreSQL adapter. `days` are UTC days
 * no other test uses, oldest first.
 */
export function visitorSaltsContract(
  name: string,
  make: () => VisitorSalts | Promise<VisitorSalts>,
  days: readonly [string, string, string],
): void {
  describe(`${name} (VisitorSalts contract)`, () => {
    const [first, second, third] = days;

    it('gives one random 32-byte salt per day, the same every time it is asked, and another one the next day', async () => {
      const salts = await make();
      const salt = await salts.saltOf(first);
      expect(salt).toBeInstanceOf(Buffer);
      expect(salt.length).toBe(32);
      expect((await salts.saltOf(first)).equals(salt)).toBe(true);
      const next = await salts.saltOf(second);
      expect(next.equals(salt)).toBe(false);
      expect(salt.equals(Buffer.alloc(32))).toBe(false);
    });

    it('answers a salt it knows at once, without a promise', async () => {
      const salts = await make();
      await salts.saltOf(third);
      expect(salts.saltOf(third)).toBeInstanceOf(Buffer);
    });

    it('destroys the salts of the days before the one named: the day asked again gets a new salt', async () => {
      const salts = await make();
      const old = await salts.saltOf(first);
      const kept = await salts.saltOf(second);
      // How many: others may have destroyed some meanwhile (the salts are shared), so only the answer's form is certain.
      expect(Number.isInteger(await salts.forgetBefore(second))).toBe(true);
      expect((await salts.saltOf(second)).equals(kept)).toBe(true);
      expect((await salts.saltOf(first)).equals(old)).toBe(false);
    });
  });
}

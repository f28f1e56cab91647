import { PasswordHasher } from '../application/ports/password-hasher.js';

const PREFIX = 'fake-hash$';

/** Cheap and deterministic, but a real check: `verify` is true only for the password that was hashed. */
export class FakePasswordHasher extends PasswordHasher {
  /** How many times a password was checked, so tests can see that both login failures did the same work. */
  verifications = 0;

  async hash(password: string): Promise<string> {
    return `${PREFIX}${[...password].reverse().join('')}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    this.verifications += 1;
    return hash === (await this.hash(password));
  }
}

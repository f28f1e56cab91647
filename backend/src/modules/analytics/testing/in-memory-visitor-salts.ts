import { randomBytes } from 'node:crypto';
import { VisitorSalts } from '../application/ports/visitor-salts.js';

/** Salts in a map, one random salt per day as the real ones. */
export class InMemoryVisitorSalts extends VisitorSalts {
  readonly salts = new Map<string, Buffer>();

  saltOf(day: string): Buffer {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomBytes(32);
      this.salts.set(day, salt);
    }
    return salt;
  }

  async forgetBefore(day: string): Promise<number> {
    let forgotten = 0;
    for (const known of [...this.salts.keys()]) {
      if (known < day) {
        this.salts.delete(known);
        forgotten++;
      }
    }
    return forgotten;
  }
}

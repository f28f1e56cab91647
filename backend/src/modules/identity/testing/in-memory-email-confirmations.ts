import { EmailConfirmations } from '../application/ports/email-confirmations.js';
import type { EmailConfirmation } from '../domain/email-confirmation.js';

/** One link per account and purpose in a Map, as the email_confirmations table holds them (hashes only). */
export class InMemoryEmailConfirmations extends EmailConfirmations {
  private readonly byKey = new Map<string, EmailConfirmation>();

  all(): EmailConfirmation[] {
    return [...this.byKey.values()].map((c) => ({ ...c }));
  }

  async replace(confirmation: EmailConfirmation): Promise<void> {
    this.byKey.set(`${confirmation.userId}:${confirmation.purpose}`, { ...confirmation });
  }

  async take(tokenHash: string, now: Date): Promise<EmailConfirmation | null> {
    for (const [key, c] of this.byKey) {
      if (c.tokenHash !== tokenHash || c.expiresAt <= now) continue;
      this.byKey.delete(key);
      return { ...c };
    }
    return null;
  }
}

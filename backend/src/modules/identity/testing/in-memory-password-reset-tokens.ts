import type { Id } from '../../../shared/ids.js';
import { PasswordResetTokens, type PasswordResetToken } from '../application/ports/password-reset-tokens.js';

/** One token per account in a Map, as the password_reset_tokens table holds them (hashes only). */
export class InMemoryPasswordResetTokens extends PasswordResetTokens {
  private readonly byUser = new Map<Id, PasswordResetToken>();

  all(): PasswordResetToken[] {
    return [...this.byUser.values()].map((token) => ({ ...token }));
  }

  /** Moves a stored token's expiry (as a test moves expires_at in the database). */
  expire(userId: Id, at: Date): void {
    const token = this.byUser.get(userId);
    if (token) token.expiresAt = at;
  }

  async replace(token: PasswordResetToken): Promise<void> {
    this.byUser.set(token.userId, { ...token });
  }

  async findValid(tokenHash: string, now: Date): Promise<PasswordResetToken | null> {
    const token = [...this.byUser.values()].find((t) => t.tokenHash === tokenHash && t.expiresAt > now);
    return token ? { ...token } : null;
  }

  async take(tokenHash: string, now: Date): Promise<Id | null> {
    const token = await this.findValid(tokenHash, now);
    if (!token) return null;
    this.byUser.delete(token.userId);
    return token.userId;
  }

  async removeFor(userId: Id): Promise<void> {
    this.byUser.delete(userId);
  }
}

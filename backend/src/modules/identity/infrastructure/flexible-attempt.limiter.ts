import { createHash } from 'node:crypto';
import { Messages } from '@linkbio/shared-contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../../shared/domain-error.js';
import type { LimiterFactory } from '../../../shared/infrastructure/rate-limiters.js';
import { AttemptLimiter, type Attempt, type GuardedAction } from '../application/ports/attempt-limiter.js';

/** Attempts allowed per window. */
export const ATTEMPT_LIMITS: Record<GuardedAction, { perIp: number; perEmail: number; windowSeconds: number }> = {
  login: { perIp: 30, perEmail: 10, windowSeconds: 15 * 60 },
  register: { perIp: 10, perEmail: 5, windowSeconds: 60 * 60 },
};

/** rate-limiter-flexible over Redis or PostgreSQL. */
export class FlexibleAttemptLimiter extends AttemptLimiter {
  private readonly limiters: Record<GuardedAction, { ip: RateLimiterAbstract; email: RateLimiterAbstract }>;

  constructor(create: LimiterFactory) {
    super();
    const build = (action: GuardedAction) => {
      const { perIp, perEmail, windowSeconds } = ATTEMPT_LIMITS[action];
      return { ip: create(`${action}_ip`, perIp, windowSeconds), email: create(`${action}_email`, perEmail, windowSeconds) };
    };
    this.limiters = { login: build('login'), register: build('register') };
  }

  async consume({ action, ip, email }: Attempt): Promise<void> {
    const limiters = this.limiters[action];
    try {
      await limiters.ip.consume(ip);
      await limiters.email.consume(emailKey(email));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
      }
      throw rejection;
    }
  }

  async succeeded({ action, email }: Attempt): Promise<void> {
    await this.limiters[action].email.delete(emailKey(email));
  }
}

/**
 * The counter key of an e-mail address: the address itself, or its SHA-256 when it is so long that
 * prefix and address would not fit the 255 characters of the rate_limits key column (e-mails go up to 254).
 */
function emailKey(email: string): string {
  const normalized = email.trim().toLowerCase();
  return normalized.length <= 200 ? normalized : `sha256:${createHash('sha256').update(normalized).digest('hex')}`;
}

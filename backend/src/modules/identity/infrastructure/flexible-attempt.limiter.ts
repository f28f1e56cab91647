import { createHash } from 'node:crypto';
import { Messages } from '@linkbio/shared-contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../../shared/domain-error.js';
import type { LimiterFactory } from '../../../shared/infrastructure/rate-limiters.js';
import { AttemptLimiter, type Attempt, type GuardedAction } from '../application/ports/attempt-limiter.js';

interface Limits {
  perIp: number;
  /** Per e-mail address (the account); absent: not counted per address. */
  perEmail?: number;
  /** Per trusted device (device cookie): counted instead of the address for a browser that signed in before. */
  perDevice?: number;
  windowSeconds: number;
}

/** Attempts allowed per window. */
export const ATTEMPT_LIMITS = {
  login: { perIp: 30, perEmail: 10, perDevice: 10, windowSeconds: 15 * 60 },
  register: { perIp: 10, perEmail: 5, windowSeconds: 60 * 60 },
  /** Wrong current passwords, as sign-in attempts (per account, keyed by its e-mail). */
  password_change: { perIp: 30, perEmail: 10, windowSeconds: 15 * 60 },
  /** Reset e-mails asked for: whether the address has an account or not, counted alike. */
  password_reset: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  password_reset_confirm: { perIp: 20, windowSeconds: 15 * 60 },
  /** Links from e-mails confirming an address, opened: tokens guessed from one address are held as resets are. */
  email_confirm: { perIp: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<GuardedAction, Limits>;

interface Counters {
  ip: RateLimiterAbstract;
  email: RateLimiterAbstract | null;
  device: RateLimiterAbstract | null;
}

/** rate-limiter-flexible over Redis or PostgreSQL. */
export class FlexibleAttemptLimiter extends AttemptLimiter {
  private readonly counters: Record<GuardedAction, Counters>;

  constructor(create: LimiterFactory) {
    super();
    const build = (action: GuardedAction): Counters => {
      const limits: Limits = ATTEMPT_LIMITS[action];
      const counter = (kind: string, points: number | undefined) =>
        points ? create(`${action}_${kind}`, points, limits.windowSeconds) : null;
      return {
        ip: counter('ip', limits.perIp)!,
        email: counter('email', limits.perEmail),
        device: counter('device', limits.perDevice),
      };
    };
    this.counters = {
      login: build('login'),
      register: build('register'),
      password_change: build('password_change'),
      password_reset: build('password_reset'),
      password_reset_confirm: build('password_reset_confirm'),
      email_confirm: build('email_confirm'),
    };
  }

  async consume(attempt: Attempt): Promise<void> {
    try {
      for (const [limiter, key] of this.countersOf(attempt)) await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(seconds / 60)), {
          retryAfterSeconds: seconds,
        });
      }
      throw rejection;
    }
  }

  /**
   * Forgets the failures on the counter the attempt was counted on besides its IP: a trusted device's own, or
   * else the address's. A sign-in from a trusted device leaves the account's count alone, so someone guessing
   * elsewhere is still held.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    const [, counted] = this.countersOf(attempt);
    if (counted) await counted[0].delete(counted[1]);
  }

  /** The counters one attempt counts on, with its key in each: the IP, then the device, or else the address. */
  private countersOf(attempt: Attempt): Array<[RateLimiterAbstract, string]> {
    const { ip, email, device } = this.counters[attempt.action];
    const counted: Array<[RateLimiterAbstract, string]> = [[ip, attempt.ip]];
    if (device && attempt.device) counted.push([device, attempt.device]);
    else if (email && attempt.email !== undefined) counted.push([email, emailKey(attempt.email)]);
    return counted;
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

import { createHash } from 'node:crypto';
import { Messages } from '@linkbio/shared-contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../../shared/domain-error.js';
import type { LimiterFactory } from '../../../shared/infrastructure/rate-limiters.js';
import { AttemptLimiter, type Attempt, type GuardedAction } from '../application/ports/attempt-limiter.js';

interface Limits {
  /** Per client address; absent: not counted per client address. */
  perIp?: number;
  /** Per e-mail address (the account); absent: not counted per address. */
  perEmail?: number;
  /** Per e-mail address and client address together, before the address's own count. */
  perEmailAndIp?: number;
  /** Per trusted device (device cookie): counted instead of the address for a browser that signed in before. */
  perDevice?: number;
  windowSeconds: number;
}

/** Attempts allowed per window. */
export const ATTEMPT_LIMITS = {
  login: { perIp: 30, perEmail: 10, perDevice: 10, windowSeconds: 15 * 60 },
  register: { perIp: 10, perEmail: 5, windowSeconds: 60 * 60 },
  /**
   * Every other check of a signed-in account's password (its change, an e-mail change, switching two-factor off,
   * deletion), as sign-in attempts: per account (keyed by its e-mail) or per trusted device, and per address.
   */
  password_change: { perIp: 30, perEmail: 10, perDevice: 10, windowSeconds: 15 * 60 },
  /** Two-factor codes and recovery codes (the second step of sign-in, set-up, switching off). */
  two_factor: { perIp: 20, perEmail: 5, perDevice: 5, windowSeconds: 15 * 60 },
  /** Reset e-mails asked for from one client address, whatever the address asked about: 429 beyond. */
  password_reset: { perIp: 20, windowSeconds: 60 * 60 },
  /**
   * Reset e-mails sent to one address (beyond, none is sent and the answer stays the same): per client address
   * asking, under a larger cap for the address against mail floods; the owner's own browser on its own count.
   */
  password_reset_email: { perEmailAndIp: 5, perEmail: 20, perDevice: 5, windowSeconds: 60 * 60 },
  password_reset_confirm: { perIp: 20, windowSeconds: 15 * 60 },
  /** Links from e-mails confirming an address, opened: tokens guessed from one address are held as resets are. */
  email_confirm: { perIp: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<GuardedAction, Limits>;

type Counter = RateLimiterAbstract | null;

interface Counters {
  ip: Counter;
  email: Counter;
  emailAndIp: Counter;
  device: Counter;
}

/** rate-limiter-flexible over Redis or PostgreSQL. */
export class FlexibleAttemptLimiter extends AttemptLimiter {
  private readonly counters = new Map<GuardedAction, Counters>();

  constructor(create: LimiterFactory) {
    super();
    for (const [action, limits] of Object.entries(ATTEMPT_LIMITS) as Array<[GuardedAction, Limits]>) {
      const counter = (kind: string, points: number | undefined) =>
        points ? create(`${action}_${kind}`, points, limits.windowSeconds) : null;
      this.counters.set(action, {
        ip: counter('ip', limits.perIp),
        email: counter('email', limits.perEmail),
        emailAndIp: counter('email_ip', limits.perEmailAndIp),
        device: counter('device', limits.perDevice),
      });
    }
  }

  async consume(attempt: Attempt): Promise<void> {
    const seconds = await this.count(attempt);
    if (seconds !== null) {
      throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(seconds / 60)), {
        retryAfterSeconds: seconds,
      });
    }
  }

  async tryConsume(attempt: Attempt): Promise<boolean> {
    return (await this.count(attempt)) === null;
  }

  /**
   * Forgets the failures on the counters the attempt was counted on besides its IP: a trusted device's own, or
   * else the address's. A sign-in from a trusted device leaves the account's count alone, so someone guessing
   * elsewhere is still held.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    for (const [limiter, key] of this.countersOf(attempt).slice(this.counters.get(attempt.action)!.ip ? 1 : 0)) {
      await limiter.delete(key);
    }
  }

  /** Counts the attempt on each of its counters in turn: null while within them all, else the seconds to wait. */
  private async count(attempt: Attempt): Promise<number | null> {
    try {
      for (const [limiter, key] of this.countersOf(attempt)) await limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  /**
   * The counters one attempt counts on, with its key in each: the IP, then the device, or else the address
   * with the IP and the address alone.
   */
  private countersOf(attempt: Attempt): Array<[RateLimiterAbstract, string]> {
    const { ip, email, emailAndIp, device } = this.counters.get(attempt.action)!;
    const counted: Array<[RateLimiterAbstract, string]> = [];
    if (ip) counted.push([ip, attempt.ip]);
    if (device && attempt.device) {
      counted.push([device, attempt.device]);
    } else if (attempt.email !== undefined) {
      if (emailAndIp) counted.push([emailAndIp, digest(`${normalized(attempt.email)}\n${attempt.ip}`)]);
      if (email) counted.push([email, emailKey(attempt.email)]);
    }
    return counted;
  }
}

const normalized = (email: string) => email.trim().toLowerCase();
const digest = (value: string) => `sha256:${createHash('sha256').update(value).digest('hex')}`;

/**
 * The counter key of an e-mail address: the address itself, or its SHA-256 when it is so long that
 * prefix and address would not fit the 255 characters of the rate_limits key column (e-mails go up to 254).
 */
function emailKey(email: string): string {
  const address = normalized(email);
  return address.length <= 200 ? address : digest(address);
}

import { timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Messages } from '@linkbio/shared-contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Env } from '../../config/env.js';
import type { LimiterFactory } from '../infrastructure/rate-limiters.js';
import { isStoreUnavailable } from './store-unavailable.js';

export const OPERATOR_REALM = 'Linkbio operators';

/** Wrong operator sign-ins one client address may make within the window, before even the right one waits. */
export const OPERATOR_FAILURES_PER_IP = 10;
export const OPERATOR_FAILURE_WINDOW_SECONDS = 15 * 60;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries the operators' HTTP Basic credentials (OPERATOR_USER / OPERATOR_PASSWORD). */
export function isOperator(
  env: Pick<Env, 'OPERATOR_USER' | 'OPERATOR_PASSWORD'>,
  authorization: string | undefined,
): boolean {
  if (!env.OPERATOR_USER || !env.OPERATOR_PASSWORD || !authorization?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Compared as digests, in constant time, so neither length nor content leaks through timing.
  const userOk = timingSafeEqual(digest(decoded.slice(0, colon)), digest(env.OPERATOR_USER));
  const passwordOk = timingSafeEqual(digest(decoded.slice(colon + 1)), digest(env.OPERATOR_PASSWORD));
  return userOk && passwordOk;
}

export const operatorAuthRequired = (env: Pick<Env, 'OPERATOR_USER' | 'OPERATOR_PASSWORD'>) =>
  env.OPERATOR_USER && env.OPERATOR_PASSWORD
    ? 'Operator sign-in required.'
    : 'Operator access is not configured: set OPERATOR_USER and OPERATOR_PASSWORD.';

/**
 * The operators' failed sign-ins per client address, in the store the other limits use (Redis, else
 * PostgreSQL): OPERATOR_FAILURES_PER_IP within the window, then the address waits, right password or not.
 * Only failures count: the dashboard's and Prometheus's own requests never hold anyone.
 */
export class OperatorSignInLimit {
  private readonly failures: RateLimiterAbstract;

  constructor(create: LimiterFactory) {
    this.failures = create('operator_sign_in_ip', OPERATOR_FAILURES_PER_IP, OPERATOR_FAILURE_WINDOW_SECONDS);
  }

  /** Whole seconds this client address must still wait, or null when it may try. */
  async waitFor(ip: string): Promise<number | null> {
    const counted = await this.failures.get(ip);
    return counted && counted.consumedPoints >= OPERATOR_FAILURES_PER_IP ? secondsOf(counted.msBeforeNext) : null;
  }

  /** Counts a wrong sign-in from this client address. */
  async failed(ip: string): Promise<void> {
    try {
      await this.failures.consume(ip);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    }
  }
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Express middleware for operator-only paths (/admin/queues, /api/admin, /metrics): 401 with a Basic challenge
 * without the credentials; a client address with too many wrong ones lately 429 with Retry-After, even with
 * the right ones, until its window has passed; 503 while the store of the limits is away.
 */
export function requireOperator(env: Env, limit: OperatorSignInLimit) {
  const configured = Boolean(env.OPERATOR_USER && env.OPERATOR_PASSWORD);
  const check = async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const ip = request.ip ?? 'unknown';
    const authorization = request.get('authorization');
    const wait = configured ? await limit.waitFor(ip) : null;
    if (wait !== null) {
      response
        .status(429)
        .set('Retry-After', String(wait))
        .set('Cache-Control', 'no-store')
        .json({ statusCode: 429, message: Messages.tooManyAttempts(Math.ceil(wait / 60)) });
      return;
    }
    if (isOperator(env, authorization)) return next();
    if (configured && authorization?.startsWith('Basic ')) await limit.failed(ip);
    response
      .status(401)
      .set('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store')
      .json({ statusCode: 401, message: operatorAuthRequired(env) });
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    check(request, response, next).catch((error: unknown) => {
      if (!isStoreUnavailable(error)) return next(error);
      // The limits' store is away: answered as every route answers an outage.
      response.status(503).set('Retry-After', '5').json({ statusCode: 503, message: Messages.serviceUnavailable });
    });
  };
}

import { timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Env } from '../../config/env.js';

export const OPERATOR_REALM = 'Linkbio operators';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries the operators' HTTP Basic credentials (OPERATOR_USER / OPERATOR_PASSWORD). */
export function isOperator(env: Pick<Env, 'OPERATOR_USER' | 'OPERATOR_PASSWORD'>, authorization: string | undefined): boolean {
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

/** Express middleware for operator-only paths (/admin/queues): 401 with a Basic challenge otherwise. */
export function requireOperator(env: Env) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (isOperator(env, request.get('authorization'))) return next();
    response
      .status(401)
      .set('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store')
      .json({ statusCode: 401, message: operatorAuthRequired(env) });
  };
}

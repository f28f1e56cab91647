import type { IncomingHttpHeaders } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Messages } from '@linkbio/shared-contracts';
import { textProblem } from './well-formed-text.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const refuse = (res: Response, statusCode: number, message: string) => res.status(statusCode).json({ statusCode, message });

/**
 * CSRF defence for the API and the operators' queue dashboard: a state-changing call must not come from
 * another site (Origin and Sec-Fetch-Site), and a body, when present, must be JSON, which a cross-site form
 * cannot send.
 */
export function sameSiteJsonOnly(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isCrossSite(req.headers, allowed, req.protocol)) return refuse(res, 403, Messages.crossSite);
    if (hasBody(req.headers) && !req.is('application/json')) return refuse(res, 415, Messages.jsonOnly);
    next();
  };
}

/**
 * A state-changing call from another site: its Origin is neither allowed nor ours (the scheme the request came
 * over, as `protocol` reads it, and its Host), or the browser says so. http://site is not https://site.
 */
export function isCrossSite(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>, protocol: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined && !allowed.has(origin) && !isOwnOrigin(origin, protocol, headers.host)) return true;
  return headers['sec-fetch-site'] === 'cross-site';
}

export const hasBody = (headers: IncomingHttpHeaders): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

const MAX_BODY_DEPTH = 32;

/**
 * Refuses JSON bodies that carry prototype-polluting keys, text `textProblem` refuses in any string or key
 * (too long, a NUL or another control character, an unpaired surrogate) or nesting deeper than 32 levels
 * (which would overflow the stack of the validation that follows).
 */
export function noPrototypeKeys(req: Request, res: Response, next: NextFunction) {
  const problem = findProblem(req.body, 0);
  if (problem !== null) return refuse(res, 400, problem);
  next();
}

/** What is wrong with a parsed JSON body (prototype keys, text that is not acceptable, too deep), or null. */
export function findProblem(value: unknown, depth = 0, maxTextLength?: number): string | null {
  if (typeof value === 'string') return textProblem(value, maxTextLength);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return Messages.bodyTooDeep;
  for (const key of Object.keys(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem !== null) return keyProblem;
    if (FORBIDDEN_KEYS.has(key)) return Messages.unexpectedField(key);
    const nested = findProblem((value as Record<string, unknown>)[key], depth + 1, maxTextLength);
    if (nested !== null) return nested;
  }
  return null;
}

/**
 * Parses JSON bodies, answering malformed or oversized ones with a plain message. Every body the API takes
 * is an object, so a top-level array is refused here rather than validated field by field as "0", "1"...
 */
export function jsonBody(limit: string, tooLarge: string = Messages.bodyTooLarge) {
  const parse = express.json({ limit, strict: true });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) => {
      if (!error) return Array.isArray(req.body) ? refuse(res, 400, Messages.jsonObjectOnly) : next();
      const { type, status } = error as { type?: string; status?: number };
      if (type === 'entity.too.large') return refuse(res, 413, tooLarge);
      if (type === 'entity.parse.failed') return refuse(res, 400, Messages.malformedJson);
      if (typeof status === 'number' && status >= 400 && status < 500) return refuse(res, status, Messages.jsonOnly);
      next(error);
    });
}

/** Whether an Origin header names the request's own scheme and host (with port); never for "null" or garbage. */
function isOwnOrigin(origin: string, protocol: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return url.host !== '' && url.host === host && url.protocol === `${protocol}:`;
  } catch {
    return false;
  }
}

import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { EMBED_PLAYER_ORIGINS } from '@linkbio/shared-contracts';

/**
 * Security headers for every answer: a Content-Security-Policy that allows our own scripts and Stripe's
 * (card forms), images from anywhere over https (avatars may live in a bucket), no framing of our pages.
 */
const helmetHeaders = (extraStyleSources: readonly string[] = []) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Stripe.js and the frames it opens come from js.stripe.com and its subdomains (Stripe's security guide).
        'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
        // The bio pages' embeds, loaded only when a visitor clicks one: each service's player host, nothing else.
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', ...EMBED_PLAYER_ORIGINS],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'", ...extraStyleSources],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

/** The headers securityHeaders() sets on every answer, as name, value, name, value…, for answers sent without Express. */
export function securityHeaderList(extraStyleSources: readonly string[] = []): string[] {
  const headers: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push(name, String(value)),
    removeHeader: () => undefined,
  };
  helmetHeaders(extraStyleSources)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * Sets those headers on every answer Express sends: worked out once (they depend on nothing in the request).
 * `extraStyleSources`, for one route's own mount only (the queues' dashboard), adds stylesheet origins.
 */
export function securityHeaders(extraStyleSources: readonly string[] = []) {
  const headers = securityHeaderList(extraStyleSources);
  return (_request: Request, response: Response, next: NextFunction) => {
    for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i]!, headers[i + 1]!);
    next();
  };
}

import helmet from 'helmet';

/**
 * Security headers for every answer: a Content-Security-Policy that allows our own scripts and Stripe's
 * (card forms), images from anywhere over https (avatars may live in a bucket), no framing of our pages.
 */
export const securityHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

/** The headers securityHeaders() sets on every answer, as name, value, name, value…, for answers sent without Express. */
export function securityHeaderList(): string[] {
  const headers: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push(name, String(value)),
    removeHeader: () => undefined,
  };
  securityHeaders()({} as never, response as never, () => undefined);
  return headers;
}

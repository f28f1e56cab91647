/**
 * The paths that carry a secret in a segment: a paid booking's manage token, which lets whoever holds it
 * cancel (with a refund) or move the booking — the API's `/api/booking-manage/{token}` (and its `/cancel`,
 * `/reschedule`) and the dashboard's page `/booking/{token}` —; a paid order's private link `/order/{token}`
 * (and its `/download`) and a product's signed download link `/api/downloads/{token}`; an e-mail list's confirm
 * and unsubscribe links (`/list/confirm/{token}`, `/unsubscribe/{token}`); a creator's private calendar feed
 * `/calendar/{token}.ics`, which lists their sessions with their visitors' details; and a signed-in device's id in
 * `/api/auth/sessions/{id}`, where a client may as well send a session's own id (the secret its cookie holds).
 * Matched in any case and with repeated slashes, so that whatever could reach a route is caught; the rest of
 * the path is kept. Every other secret the product hands out travels in a query (`?token=` of the e-mailed
 * links, the upload URLs' signature), a body or a cookie, none of which is logged.
 */
const SECRET_SEGMENT = /^(\/+(?:api\/+booking-manage|booking|order|api\/+auth\/+sessions|api\/+downloads|list\/+confirm|unsubscribe|calendar)\/+)([^/]+)/i;

/** What a secret segment is logged as. */
export const REDACTED_SEGMENT = '[redacted]';

/** A file name's extension after the token (the calendar feed's `.ics`): the token alone is a secret too. */
const EXTENSION = /\.[a-z]+$/i;

/**
 * The secret a path carries (its token segment as sent, and decoded, each also without a file extension), or
 * none: to scrub from an error's text.
 */
export function secretsOfPath(path: string): string[] {
  const found = SECRET_SEGMENT.exec(path);
  if (!found) return [];
  const raw = found[2]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the raw text is all there is.
  }
  const secrets = new Set<string>();
  for (const value of [raw, decoded]) {
    secrets.add(value);
    const stem = value.replace(EXTENSION, '');
    if (stem.length > 0) secrets.add(stem);
  }
  return [...secrets];
}

/** The path as it may be logged: a secret segment replaced by REDACTED_SEGMENT (`/booking/[redacted]`). */
export function redactPath(path: string): string {
  return path.replace(SECRET_SEGMENT, `$1${REDACTED_SEGMENT}`);
}

/** `text` with every one of `secrets` replaced by REDACTED_SEGMENT (an error's message or stack). */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) if (secret.length > 0) scrubbed = scrubbed.replaceAll(secret, REDACTED_SEGMENT);
  return scrubbed;
}

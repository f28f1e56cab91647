import type { Env } from '../../../config/env.js';

/**
 * Where links in e-mails point (reset a password, confirm an address): PUBLIC_URL, never the request's Host,
 * as a link built from a Host header someone sent would carry the token to their site. Unset (one machine,
 * `npm start`): this machine's own address.
 */
export const linkOrigin = (env: Env): string => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

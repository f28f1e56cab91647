import type { Env } from '../config/env.js';

/**
 * Where links in e-mails point (reset a password, confirm an address, manage a booking): PUBLIC_URL, never the
 * request's Host, as a link built from a Host header someone sent would carry the token to their site. Unset
 * (one machine, `npm start`): this machine's own address.
 */
export const linkOrigin = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

/** The same origin for use cases, which know no configuration: a path on it (`/booking/…`) as a whole address. */
export abstract class LinkOrigin {
  abstract url(path: string): string;
}

export class ConfiguredLinkOrigin extends LinkOrigin {
  private readonly origin: string;

  constructor(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>) {
    super();
    this.origin = linkOrigin(env).replace(/\/+$/, '');
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }
}

import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { RotatingHmac } from '../../../shared/rotating-hmac.js';
import { DEVICE_COOKIE } from '../identity.constants.js';

const DEVICE_COOKIE_DAYS = 365;
/** Accounts one browser is remembered for (the most recent sign-ins); a shared computer stays small. */
const ACCOUNTS_KEPT = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * OWASP's device cookies: a browser that signed in to an account successfully gets a cookie naming that
 * account (an HMAC of its e-mail address, signed with a key derived from SESSION_SECRET, so it cannot be made
 * up or moved to another account), httpOnly, SameSite=Lax, for a year, sent to /api/auth only. Sign-ins from
 * such a browser are counted per device instead of per account, so someone guessing the password elsewhere
 * cannot lock the owner out. The cookie holds a random device id and its signature, nothing readable.
 */
export class DeviceCookies {
  private readonly signatures: RotatingHmac;

  /** `sessionSecrets`: SESSION_SECRET's, newest first (the newest signs, each verifies). */
  constructor(sessionSecrets: string | readonly string[]) {
    const secrets: readonly string[] = typeof sessionSecrets === 'string' ? [sessionSecrets] : sessionSecrets;
    this.signatures = new RotatingHmac(secrets.map((secret) => createHmac('sha256', secret).update('linkbio device cookie v1').digest()));
  }

  /** The id of this browser as a device of the account with this e-mail, or null when it is not one. */
  trustedDevice(request: Request, email: string): string | null {
    for (const entry of entriesOf(request)) {
      const [, device, signature] = ENTRY.exec(entry)!;
      if (this.signatures.verify(signed(device!, email), signature!)) return device!;
    }
    return null;
  }

  /** Marks this browser as a device of the account with this e-mail (a new device id each sign-in). */
  issue(request: Request, response: Response, email: string): void {
    const device = randomBytes(16).toString('base64url');
    const others = entriesOf(request).filter((entry) => {
      const [, id, signature] = ENTRY.exec(entry)!;
      return !this.signatures.verify(signed(id!, email), signature!);
    });
    const value = [`${device}.${this.signatures.sign(signed(device, email))}`, ...others].slice(0, ACCOUNTS_KEPT).join('~');
    response.cookie(DEVICE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
    });
    keepSessionCookieFirst(response);
  }

}

/** What a device entry's signature covers: the device id and the account's e-mail address. */
const signed = (device: string, email: string) => `${device}\n${email.trim().toLowerCase()}`;

/**
 * express-session adds the session cookie as the answer's headers go out, after this one. Clients that keep
 * only the first Set-Cookie (scripts and API clients, not browsers) must still get the session, so the device
 * cookie is kept after every other cookie of this answer.
 */
function keepSessionCookieFirst(response: Response): void {
  const setHeader = response.setHeader.bind(response);
  const isDevice = (line: unknown) => String(line).startsWith(`${DEVICE_COOKIE}=`);
  response.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(
      name,
      name.toLowerCase() === 'set-cookie' && Array.isArray(value)
        ? [...value.filter((line) => !isDevice(line)), ...value.filter(isDevice)]
        : value,
    );
}

/** The well-formed entries of the request's device cookie (anything else in it is ignored). */
function entriesOf(request: Request): string[] {
  const value = cookieValue(request.headers.cookie, DEVICE_COOKIE);
  return value
    ? value
        .split('~')
        .filter((entry) => ENTRY.test(entry))
        .slice(0, ACCOUNTS_KEPT)
    : [];
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

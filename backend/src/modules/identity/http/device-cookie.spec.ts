import type { CookieOptions, Request, Response } from 'express';
import { DeviceCookies } from './device-cookie.js';

const SECRET = 'a session secret of at least thirty-two characters';

/** A browser: keeps the device cookie it is given and sends it back. */
class Browser {
  cookie: string | undefined;
  options: CookieOptions | undefined;

  request(secure = false): Request {
    return {
      headers:
        this.cookie === undefined ? {} : { cookie: `other=1; linkbio.device=${encodeURIComponent(this.cookie)}` },
      secure,
    } as unknown as Request;
  }

  /** The answer's Set-Cookie lines, in order. */
  setCookies: string[] = [];

  response(): Response {
    const response = {
      getHeader: (name: string) => (name.toLowerCase() === 'set-cookie' ? this.setCookies : undefined),
      setHeader: (name: string, value: string[]) => {
        if (name.toLowerCase() === 'set-cookie') this.setCookies = [...value];
        return response;
      },
      cookie: (name: string, value: string, options: CookieOptions) => {
        expect(name).toBe('linkbio.device');
        this.cookie = value;
        this.options = options;
        response.setHeader('Set-Cookie', [...this.setCookies, `${name}=${value}`]);
      },
    };
    return response as unknown as Response;
  }
}

const signIn = (devices: DeviceCookies, browser: Browser, email: string) =>
  devices.issue(browser.request(), browser.response(), email);

describe('DeviceCookies', () => {
  it('keeps trusting a device cookie made under a secret being rotated out, until it leaves the list', () => {
    const NEW = 'a newer session secret of thirty-two characters or more';
    const browser = new Browser();
    signIn(new DeviceCookies(SECRET), browser, 'alice@example.com');

    expect(new DeviceCookies([NEW, SECRET]).trustedDevice(browser.request(), 'alice@example.com')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new DeviceCookies([NEW]).trustedDevice(browser.request(), 'alice@example.com')).toBeNull();
  });

  it('marks a browser as a device of the account it signed in to, and of no other', () => {
    const devices = new DeviceCookies(SECRET);
    const browser = new Browser();

    signIn(devices, browser, 'Alice@Example.com');

    const device = devices.trustedDevice(browser.request(), '  alice@example.COM ');
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.trustedDevice(browser.request(), 'bob@example.com')).toBeNull();
    expect(browser.cookie).not.toContain('alice');
  });

  it('sets it httpOnly, SameSite=Lax, for a year, for the sign-in calls only, Secure over https', () => {
    const devices = new DeviceCookies(SECRET);
    const browser = new Browser();

    devices.issue(browser.request(true), browser.response(), 'alice@example.com');

    expect(browser.options).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/api/auth',
      maxAge: 365 * 24 * 60 * 60 * 1000,
    });
  });

  it('goes after the session cookie that express-session adds later, for clients that keep the first cookie only', () => {
    const browser = new Browser();
    const response = browser.response();
    new DeviceCookies(SECRET).issue(browser.request(), response, 'alice@example.com');

    response.setHeader('Set-Cookie', [...browser.setCookies, 'linkbio.sid=s%3Aabc.def']);

    expect(browser.setCookies.map((line) => line.split('=')[0])).toEqual(['linkbio.sid', 'linkbio.device']);
  });

  it('trusts no cookie it did not sign: made up, altered, or signed with another secret', () => {
    const devices = new DeviceCookies(SECRET);
    const browser = new Browser();
    signIn(devices, browser, 'alice@example.com');
    const [device, signature] = browser.cookie!.split('.');

    const variants = [
      `${device}.${'A'.repeat(43)}`,
      `${'B'.repeat(22)}.${signature}`,
      `${device}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      '%E0%A4%A',
    ];
    for (const cookie of variants) {
      browser.cookie = cookie;
      expect(devices.trustedDevice(browser.request(), 'alice@example.com')).toBeNull();
    }
    const other = new Browser();
    signIn(new DeviceCookies(`${SECRET}!`), other, 'alice@example.com');
    expect(devices.trustedDevice(other.request(), 'alice@example.com')).toBeNull();
  });

  it('remembers the five accounts signed in to last, one entry each, a new device id at each sign-in', () => {
    const devices = new DeviceCookies(SECRET);
    const browser = new Browser();
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) signIn(devices, browser, `${name}@example.com`);
    const before = devices.trustedDevice(browser.request(), 'c@example.com');

    signIn(devices, browser, 'c@example.com');

    expect(browser.cookie!.split('~')).toHaveLength(5);
    expect(devices.trustedDevice(browser.request(), 'a@example.com')).toBeNull();
    expect(
      ['b', 'c', 'd', 'e', 'f'].every((name) => devices.trustedDevice(browser.request(), `${name}@example.com`)),
    ).toBe(true);
    expect(devices.trustedDevice(browser.request(), 'c@example.com')).not.toBe(before);
  });

  it('trusts nothing without a cookie', () => {
    expect(new DeviceCookies(SECRET).trustedDevice(new Browser().request(), 'alice@example.com')).toBeNull();
  });
});

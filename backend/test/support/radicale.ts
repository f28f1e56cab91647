import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, unique } from './harness.js';

/**
 * Radicale, a real CalDAV server, for the calendar specs: the one `npm test` started (RADICALE_URL, its user
 * and password in the address) or, when a spec runs on its own, one started here (Debian's /usr/bin/radicale:
 * storage in a temporary folder, a plain htpasswd user, a free port). `own()` always starts one of the spec's
 * own, which it may stop and start again (a calendar server that goes down).
 */
export interface Radicale {
  /** http://127.0.0.1:port */
  origin: string;
  username: string;
  password: string;
  /** Makes a calendar collection (MKCALENDAR) and answers its address. */
  calendar(name?: string): Promise<string>;
  /** Writes an event into a calendar (PUT of an .ics). */
  putEvent(calendarUrl: string, uid: string, ics: string): Promise<void>;
  /** The events a calendar holds, as their iCalendar texts. */
  events(calendarUrl: string): Promise<string[]>;
  /** Stops it (a calendar server gone down); `start` starts it again on the same port and storage. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its storage (nothing for the run's own radicale). */
  dispose(): Promise<void>;
}

function radicaleBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v radicale'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error("radicale is not installed: install the Debian package 'radicale' (apt-get install radicale), or run the tests with `npm test`.");
  return found.stdout.trim();
}

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(origin, { redirect: 'manual' });
    return true;
  } catch {
    return false;
  }
}

function client(origin: string, username: string, password: string, lifecycle: Pick<Radicale, 'stop' | 'start' | 'dispose'>): Radicale {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const send = async (method: string, url: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method, body, headers: { authorization, ...headers } });
    const text = await response.text();
    if (!response.ok && response.status !== 207) throw new Error(`radicale ${method} ${url}: ${response.status} ${text}`);
    return text;
  };
  return {
    origin,
    username,
    password,
    async calendar(name = unique('cal')) {
      const url = `${origin}/${username}/${name}/`;
      await send('MKCALENDAR', url);
      return url;
    },
    async putEvent(calendarUrl, uid, ics) {
      await send('PUT', `${calendarUrl}${uid}.ics`, ics, { 'content-type': 'text/calendar; charset=utf-8' });
    },
    async events(calendarUrl) {
      const xml = await send(
        'REPORT',
        calendarUrl,
        '<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>',
        { depth: '1', 'content-type': 'application/xml' },
      );
      return [...xml.matchAll(/<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/g)].map((match) => match[1]!.replace(/&#13;/g, '\r'));
    },
    ...lifecycle,
  };
}

/** A radicale of the spec's own, on a free port, that the spec may stop and start again. */
export async function ownRadicale(): Promise<Radicale> {
  const binary = radicaleBinary();
  const folder = mkdtempSync(join(tmpdir(), 'linkbio-radicale-'));
  const [username, password] = ['creator', randomBytes(12).toString('hex')];
  writeFileSync(join(folder, 'users'), `${username}:${password}\n`, { mode: 0o600 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--config', '', '--server-hosts', `127.0.0.1:${port}`, '--auth-type', 'htpasswd', '--auth-htpasswd-filename', join(folder, 'users')];
    args.push('--auth-htpasswd-encryption', 'plain', '--storage-filesystem-folder', join(folder, 'collections'), '--logging-level', 'warning');
    const started = spawn(binary, args, { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + 15_000;
    while (!(await answers(origin))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error('radicale did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return client(origin, username, password, {
    start,
    stop,
    dispose: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  });
}

/** The run's radicale (RADICALE_URL) or, for a spec run on its own, one started here; only one started here stops. */
export async function testRadicale(): Promise<Radicale> {
  const named = process.env.RADICALE_URL;
  if (!named) return ownRadicale();
  const url = new URL(named);
  const noop = async () => undefined;
  return client(url.origin, decodeURIComponent(url.username), decodeURIComponent(url.password), { stop: noop, start: noop, dispose: noop });
}

// The radicale `npm test` starts for the calendar specs: it answers CalDAV on 127.0.0.1 with the user and
// password its address carries, refuses any other password, and once stopped no longer answers and leaves no
// storage behind.
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { startRadicaleServer } from '../lib/radicale-server.mjs';

const folders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('linkbio-radicale-'));

describe('startRadicaleServer', () => {
  it('serves CalDAV for the user in its address, and stops clean', async () => {
    const before = new Set(folders());
    const radicale = await startRadicaleServer(() => undefined);
    const url = new URL(radicale.url);
    expect(url.hostname).toBe('127.0.0.1');
    const sign = (password) => `Basic ${Buffer.from(`${url.username}:${password}`).toString('base64')}`;
    const calendar = `${url.origin}/${url.username}/work/`;

    const made = await fetch(calendar, { method: 'MKCALENDAR', headers: { authorization: sign(decodeURIComponent(url.password)) } });
    expect(made.status).toBe(201);
    const refused = await fetch(calendar, { method: 'PROPFIND', headers: { authorization: sign('not-the-password'), depth: '0' } });
    expect(refused.status).toBe(401);
    const mine = folders().filter((name) => !before.has(name));
    expect(mine).toHaveLength(1);

    await radicale.stop();
    await expect(fetch(url.origin)).rejects.toThrow();
    expect(existsSync(`${tmpdir()}/${mine[0]}`)).toBe(false);
  }, 30_000);
});

import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { LINKTREE_READS_PER_HOUR, LinkImportMessages, Messages, type LinkImportPreviewView, type LinkView } from '@linkbio/shared-contracts';
import { createApp } from '../src/create-app.js';
import { Database, ownDatabase, registration, signedInCreator, testEnv, agent, type Agent } from './support/harness.js';
import { suiteLogger } from './support/suite-log.js';

/** A full garbage collection, from inside the test (V8's gc(), exposed for this process). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/*
 * Importing links over HTTP on real PostgreSQL: the preview and the confirmation for each source (a Linktree
 * page from a local server in linktr.ee's place, a CSV file, a bookmarks file), the free plan's limit, bad
 * input refused with nothing changed, and bodies far too large refused without being kept.
 */

const fixture = (name: string) => readFileSync(new URL(`../src/modules/link-import/testing/fixtures/${name}`, import.meta.url), 'utf8');
const LINKTREE_PAGE = fixture('linktree-page.html');
const BOOKMARKS = fixture('bookmarks.html');

describe('importing links over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let dropDatabase: () => Promise<void>;
  let linktree: Server;
  let port: number;

  beforeAll(async () => {
    const own = await ownDatabase('link_import');
    process.env.TEST_DATABASE_URL = own.url;
    dropDatabase = own.drop;
    linktree = createServer((req, res) => {
      if (req.url === '/samplecreator') return void res.writeHead(200, { 'content-type': 'text/html' }).end(LINKTREE_PAGE);
      if (req.url === '/elsewhere') return void res.writeHead(302, { location: 'https://evil.example/' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => linktree.listen(0, '127.0.0.1', done));
    const env = await testEnv();
    app = await createApp(
      { ...env, LINKTREE_ORIGIN: `http://127.0.0.1:${(linktree.address() as AddressInfo).port}` },
      { logger: suiteLogger(env.LOG_LEVEL) },
    );
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await new Promise((done) => linktree?.close(done));
    await dropDatabase?.();
  });

  const creator = async () => signedInCreator(app);
  const links = async (client: Agent) => (await client.get('/api/links').expect(200)).body as LinkView[];
  const preview = async (client: Agent, body: object, status = 200) =>
    (await client.post('/api/imports/preview').send(body).expect(status)).body as LinkImportPreviewView & { message?: string };

  it('previews a CSV file, changing nothing, then adds the chosen rows after the current links', async () => {
    const { client } = await creator();
    await client.post('/api/links').send({ title: 'Mine', url: 'https://mine.example' }).expect(201);
    const before = await db.fingerprint();

    const csv = '\uFEFFtitle,url\r\n"Shop, new",https://shop.example\r\nBad,javascript:alert(1)\r\nMine again,https://mine.example/\r\nBlog,https://blog.example\r\n';
    const answer = await preview(client, { source: 'csv', content: csv });

    expect(await db.fingerprint()).toBe(before);
    expect(answer).toEqual({
      rows: [
        { title: 'Shop, new', url: 'https://shop.example', outcome: 'add', reason: null },
        { title: 'Bad', url: 'javascript:alert(1)', outcome: 'skip', reason: LinkImportMessages.skipNotHttp('javascript:') },
        { title: 'Mine again', url: 'https://mine.example/', outcome: 'skip', reason: LinkImportMessages.skipExisting },
        { title: 'Blog', url: 'https://blog.example', outcome: 'add', reason: null },
      ],
      limit: 5,
      existing: 1,
      room: 4,
    });

    const confirmed = await client
      .post('/api/imports/confirm')
      .send({ rows: [{ title: 'Blog', url: 'https://blog.example' }, { title: 'Shop, new', url: 'https://shop.example' }] })
      .expect(201);
    const list = confirmed.body as LinkView[];
    expect(list.map((link) => [link.title, link.order, link.clicks])).toEqual([
      ['Mine', 0, 0],
      ['Blog', 1, 0],
      ['Shop, new', 2, 0],
    ]);
    expect(await links(client)).toEqual(list);
  });

  it('previews and imports a bookmarks file, nested folders flattened, unsafe addresses skipped', async () => {
    const { client, user } = await creator();
    await db.makePremium(user.id);

    const answer = await preview(client, { source: 'bookmarks', content: BOOKMARKS });

    expect(answer).toMatchObject({ limit: null, room: null, existing: 0 });
    expect(answer.rows.map((row) => [row.title, row.outcome])).toEqual([
      ['My shop', 'add'],
      ['Spotify & more', 'add'],
      ['SoundCloud profile', 'add'],
      ['A bookmarklet', 'skip'],
      ['Recently used tags', 'skip'],
      ['My shop, again', 'skip'],
      ['Data page', 'skip'],
      ['Local file', 'skip'],
      ['blog.example.com', 'add'],
    ]);
    const rows = answer.rows.filter((row) => row.outcome === 'add').map(({ title, url }) => ({ title, url }));
    const list = (await client.post('/api/imports/confirm').send({ rows }).expect(201)).body as LinkView[];
    expect(list.map((link) => link.url)).toEqual([
      'https://shop.example.com/',
      'https://open.spotify.com/artist/example',
      'https://soundcloud.com/example',
      'https://blog.example.com/post?a=1&b=2',
    ]);
  });

  it('previews a Linktree page read from linktr.ee’s place, and imports its plain links', async () => {
    const { client } = await creator();

    const answer = await preview(client, { source: 'linktree', address: 'https://linktr.ee/samplecreator' });

    expect(answer.rows.filter((row) => row.outcome === 'add').map((row) => row.title)).toEqual([
      'Blog',
      'Portfolio & shop',
      'Podcast on Spotify',
      'newsletter.example.org',
    ]);
    expect(answer.rows[0]).toEqual({ title: 'My work', url: '', outcome: 'skip', reason: LinkImportMessages.skipLinktreeHeader });
    const rows = answer.rows.filter((row) => row.outcome === 'add').map(({ title, url }) => ({ title, url }));
    expect((await client.post('/api/imports/confirm').send({ rows }).expect(201)).body).toHaveLength(4);
  });

  it('answers a missing Linktree page 404 and one that redirects elsewhere 400, saying why', async () => {
    const { client } = await creator();
    expect((await preview(client, { source: 'linktree', address: 'linktr.ee/nobody' }, 404)).message).toBe(LinkImportMessages.linktreeNotFound('nobody'));
    expect((await preview(client, { source: 'linktree', address: 'linktr.ee/elsewhere' }, 400)).message).toBe(LinkImportMessages.linktreeElsewhere);
    expect((await preview(client, { source: 'linktree', address: 'https://evil.example/samplecreator' }, 400)).message).toBe(
      LinkImportMessages.notLinktreeAddress,
    );
  });

  it('reads at most 30 Linktree pages an hour for a creator, then answers 429 with Retry-After', async () => {
    const { client } = await creator();
    for (let read = 0; read < LINKTREE_READS_PER_HOUR; read += 1) {
      await preview(client, { source: 'linktree', address: 'linktr.ee/samplecreator' });
    }
    const refused = await client.post('/api/imports/preview').send({ source: 'linktree', address: 'linktr.ee/samplecreator' }).expect(429);
    expect(refused.body.message).toBe(LinkImportMessages.linktreeTooMany(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Files are not counted.
    await preview(client, { source: 'csv', content: 'a,https://a.example' });
  });

  it('keeps the free plan’s 5 links: over-limit rows in the preview, a confirmation past it refused', async () => {
    const { client } = await creator();
    for (const n of [1, 2, 3]) await client.post('/api/links').send({ title: `L${n}`, url: `https://l${n}.example` }).expect(201);
    const csv = ['a', 'b', 'c', 'd'].map((name) => `${name},https://${name}.example`).join('\n');

    const answer = await preview(client, { source: 'csv', content: csv });
    expect(answer).toMatchObject({ limit: 5, existing: 3, room: 2 });
    expect(answer.rows.map((row) => row.outcome)).toEqual(['add', 'add', 'over-limit', 'over-limit']);

    // Skipping the preview does not help: the server counts again, in the transaction of the inserts.
    const before = await db.fingerprint();
    const all = answer.rows.map(({ title, url }) => ({ title, url }));
    const refused = await client.post('/api/imports/confirm').send({ rows: all }).expect(403);
    expect(refused.body.message).toBe(Messages.freePlanLinkLimit);
    expect(await db.fingerprint()).toBe(before);

    await client.post('/api/imports/confirm').send({ rows: all.slice(2) }).expect(201);
    expect(await links(client)).toHaveLength(5);
  });

  it.each([
    ['no source', { content: 'a,https://a.example' }, LinkImportMessages.invalidSource],
    ['an unknown source', { source: 'ftp', content: 'x' }, LinkImportMessages.invalidSource],
    ['a CSV without content', { source: 'csv' }, LinkImportMessages.contentRequired],
    ['a Linktree import without an address', { source: 'linktree' }, LinkImportMessages.addressRequired],
    ['a Linktree address of another site', { source: 'linktree', address: 'https://linktr.ee.evil.example/x' }, LinkImportMessages.notLinktreeAddress],
    ['CSV that is not CSV', { source: 'csv', content: 'a,"b\n' }, LinkImportMessages.notCsv('line 1: a quote is never closed')],
    ['more than 300 links', { source: 'csv', content: Array.from({ length: 301 }, (_, i) => `L,https://l${i}.example`).join('\n') }, LinkImportMessages.tooManyRows],
    ['a NUL in the file', { source: 'csv', content: 'a,https://a.example\u0000' }, Messages.nulCharacter],
    ['an unexpected field', { source: 'csv', content: 'a,https://a.example', extra: 1 }, null],
  ])('refuses a preview with %s (400), changing nothing', async (_case, body, message) => {
    const { client } = await creator();
    const before = await db.fingerprint();
    const answer = await preview(client, body, 400);
    if (message !== null) expect(answer.message).toBe(message);
    expect(await db.fingerprint()).toBe(before);
  });

  it.each([
    ['no rows', { rows: [] }, LinkImportMessages.rowsRequired],
    ['rows that are not a list', { rows: 'x' }, LinkImportMessages.rowsRequired],
    ['a row without a URL', { rows: [{ title: 'x' }] }, LinkImportMessages.rowsShape],
    ['a row with another field', { rows: [{ title: 'x', url: 'https://x.example', order: 3 }] }, LinkImportMessages.rowsShape],
    ['more than 300 rows', { rows: Array.from({ length: 301 }, (_, i) => ({ title: 'x', url: `https://x${i}.example` })) }, LinkImportMessages.tooManyToConfirm],
    ['a javascript: row', { rows: [{ title: 'ok', url: 'https://ok.example' }, { title: 'x', url: 'javascript:alert(1)' }] }, LinkImportMessages.rowRefused(2, LinkImportMessages.skipNotHttp('javascript:'))],
    ['a data: row', { rows: [{ title: 'x', url: 'data:text/html,hi' }] }, LinkImportMessages.rowRefused(1, LinkImportMessages.skipNotHttp('data:'))],
    ['a file: row', { rows: [{ title: 'x', url: 'file:///etc/passwd' }] }, LinkImportMessages.rowRefused(1, LinkImportMessages.skipNotHttp('file:'))],
    ['the same address twice', { rows: [{ title: 'a', url: 'https://a.example' }, { title: 'b', url: 'https://a.example/' }] }, LinkImportMessages.rowRefused(2, LinkImportMessages.skipRepeated(1))],
  ])('refuses a confirmation with %s (400), adding nothing', async (_case, body, message) => {
    const { client } = await creator();
    const before = await db.fingerprint();
    const answer = await client.post('/api/imports/confirm').send(body).expect(400);
    expect(answer.body.message).toBe(message);
    expect(await db.fingerprint()).toBe(before);
  });

  it('keeps a huge title to 100 characters and HTML in it as text', async () => {
    const { client } = await creator();
    const title = `<img src=x onerror=alert(1)>${'x'.repeat(500)}`;
    const list = (await client.post('/api/imports/confirm').send({ rows: [{ title, url: 'https://x.example' }] }).expect(201)).body as LinkView[];
    expect(list[0]?.title).toBe(title.slice(0, 100));
  });

  it('answers 401 to both calls when signed out, adding nothing', async () => {
    const before = await db.fingerprint();
    await agent(app).post('/api/imports/preview').send({ source: 'csv', content: 'a,https://a.example' }).expect(401);
    await agent(app).post('/api/imports/confirm').send({ rows: [{ title: 'a', url: 'https://a.example' }] }).expect(401);
    expect(await db.fingerprint()).toBe(before);
  });

  describe('files too large', () => {
    let cookie: string;

    beforeAll(async () => {
      const response = await request(app.getHttpServer()).post('/api/auth/register').set('X-Forwarded-For', '10.250.0.1').send(registration()).expect(201);
      cookie = (response.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
    });

    it('refuses a file over 2 MB with a plain 413', async () => {
      const content = `a,https://a.example\n${'x'.repeat(2 * 1024 * 1024)}`;
      const answer = await request(app.getHttpServer())
        .post('/api/imports/preview')
        .set('Cookie', cookie)
        .send({ source: 'csv', content })
        .expect(413);
      expect(answer.body.message).toBe(LinkImportMessages.fileTooLarge);
    });

    /** Sends a JSON body of `size` bytes chunk by chunk (declaring its length or not), returning the answer. */
    function sendHuge(size: number, declareLength: boolean, withCookie = true): Promise<{ status: number; body: { message?: string } }> {
      return new Promise((done, fail) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', host: `127.0.0.1:${port}` };
        if (withCookie) headers.cookie = cookie;
        if (declareLength) headers['content-length'] = String(size);
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/imports/preview', headers });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message?: string } }));
        });
        req.on('error', fail);
        const head = Buffer.from('{"source":"csv","content":"');
        const chunk = Buffer.alloc(256 * 1024, 'a');
        let sent = 0;
        const write = () => {
          if (sent === 0) {
            req.write(head);
            sent += head.length;
          }
          while (sent < size) {
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
    }

    it.each([
      ['with its length declared', true],
      ['sent chunked', false],
    ])('refuses a 50 MB body %s with 413, never holding it, and keeps answering', async (_case, declareLength) => {
      // Buffer memory after a full collection: a body kept would still be a 50 MB Buffer there, while the chunks the
      // server read and dropped (garbage until the collector runs) are gone, as RSS and uncollected memory are not.
      const memory = async () => {
        // Twice, a turn apart: a dropped Buffer's bytes are released once its stream has let go of it.
        collectGarbage();
        await new Promise((resolve) => setImmediate(resolve));
        collectGarbage();
        return process.memoryUsage().arrayBuffers;
      };
      const before = await memory();

      const answer = await sendHuge(50 * 1024 * 1024, declareLength);

      expect(answer.status).toBe(413);
      expect(answer.body.message).toBe(LinkImportMessages.fileTooLarge);
      // The API (in this process) read at most its 4 MB limit into memory; 50 MB kept would show here.
      expect((await memory()) - before).toBeLessThan(40 * 1024 * 1024);
      const { client } = await creator();
      expect((await preview(client, { source: 'csv', content: 'a,https://a.example' })).rows).toHaveLength(1);
    });

    it('gives a signed-out caller only the API’s 64 KB for a body', async () => {
      const answer = await sendHuge(1024 * 1024, true, false);
      expect(answer.status).toBe(413);
      expect(answer.body.message).toBe(Messages.bodyTooLarge);
    });
  });
});

import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  BlockMessages,
  Messages,
  type AnalyticsView,
  type LinkView,
  type PublicProfileResponse,
} from '@linkbio/shared-contracts';
import { agent, analyticsSettled, Database, signedInCreator, startApp, startWorker, type Agent } from './support/harness.js';

/*
 * The page's blocks over HTTP, on real PostgreSQL and Redis: links, headers (a section title, no URL) and embeds
 * (a YouTube, Vimeo, Spotify or SoundCloud URL), created, listed, edited, reordered and deleted; the free plan
 * counting links and embeds but not headers; an edit keeping the clicks; and what visitors reach.
 */

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('page blocks over HTTP', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
  });

  const visitor = () => agent(app).set('User-Agent', BROWSER);

  async function add(client: Agent, body: Record<string, unknown>): Promise<LinkView> {
    return (await client.post('/api/links').send(body).expect(201)).body as LinkView;
  }

  async function list(client: Agent): Promise<LinkView[]> {
    await analyticsSettled(app);
    return (await client.get('/api/links').expect(200)).body as LinkView[];
  }

  const rowsOf = async (ownerId: string) =>
    (await db.query('select kind, title, url from links where owner_id = $1 order by created_at', [ownerId])).rows;

  it('creates, lists, edits, reorders and deletes each kind', async () => {
    const { client } = await signedInCreator(app);
    const link = await add(client, { title: 'Shop', url: 'https://maya.store' });
    const header = await add(client, { kind: 'header', title: '  My music  ' });
    const embed = await add(client, { kind: 'embed', url: VIDEO });

    expect([link.kind, header.kind, embed.kind]).toEqual(['link', 'header', 'embed']);
    expect(header).toMatchObject({ title: 'My music', url: '', clicks: 0 });
    expect(embed).toMatchObject({ title: 'YouTube', url: VIDEO });
    expect((await list(client)).map((block) => [block.kind, block.title])).toEqual([
      ['embed', 'YouTube'],
      ['header', 'My music'],
      ['link', 'Shop'],
    ]);

    const renamed = await client.put(`/api/links/${header.id}`).send({ title: 'Listen' }).expect(200);
    expect(renamed.body).toMatchObject({ kind: 'header', title: 'Listen', url: '' });
    const moved = await client
      .put(`/api/links/${embed.id}`)
      .send({ url: 'https://vimeo.com/76979871', title: 'Trailer' })
      .expect(200);
    expect(moved.body).toMatchObject({ kind: 'embed', title: 'Trailer', url: 'https://vimeo.com/76979871' });
    await client.put(`/api/links/${link.id}`).send({ title: 'My shop', url: 'https://shop.example.com' }).expect(200);

    const reordered = await client.put('/api/links/order').send({ ids: [header.id, link.id, embed.id] }).expect(200);
    expect((reordered.body as LinkView[]).map((block) => [block.kind, block.title])).toEqual([
      ['header', 'Listen'],
      ['link', 'My shop'],
      ['embed', 'Trailer'],
    ]);

    for (const block of [header, embed, link]) await client.delete(`/api/links/${block.id}`).expect(200);
    expect(await list(client)).toEqual([]);
  });

  it.each([
    ['an unknown kind', { kind: 'widget', title: 'x', url: 'https://example.com' }, 400, BlockMessages.invalidKind],
    ['a header with a URL', { kind: 'header', title: 'Music', url: 'https://example.com' }, 400, BlockMessages.headerHasNoUrl],
    ['a header without a title', { kind: 'header' }, 400, Messages.titleRequired],
    ['an embed of another site', { kind: 'embed', url: 'https://example.com/video' }, 400, BlockMessages.unsupportedEmbed],
    ['an embed of a lookalike host', { kind: 'embed', url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }, 400, BlockMessages.unsupportedEmbed],
    ['an embed with a javascript: URL', { kind: 'embed', url: 'javascript:alert(1)' }, 400, Messages.invalidUrl],
    ['an embed of a YouTube id with odd characters', { kind: 'embed', url: 'https://youtu.be/dQw4w9W"><x' }, 400, BlockMessages.unsupportedEmbed],
    ['a link without a URL', { title: 'x' }, 400, Messages.invalidUrl],
  ])('refuses %s with a clear message, storing nothing', async (_case, body, status, message) => {
    const { client, user } = await signedInCreator(app);

    const response = await client.post('/api/links').send(body).expect(status);

    expect(response.body.message).toBe(message);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('re-checks an edit per kind and changes nothing when refused', async () => {
    const { client, user } = await signedInCreator(app);
    const header = await add(client, { kind: 'header', title: 'Music' });
    const embed = await add(client, { kind: 'embed', url: VIDEO });
    const before = await rowsOf(user.id);

    const headerUrl = await client.put(`/api/links/${header.id}`).send({ url: 'https://example.com' }).expect(400);
    expect(headerUrl.body.message).toBe(BlockMessages.headerHasNoUrl);
    const embedUrl = await client.put(`/api/links/${embed.id}`).send({ url: 'https://example.com/video' }).expect(400);
    expect(embedUrl.body.message).toBe(BlockMessages.unsupportedEmbed);
    const kindChange = await client.put(`/api/links/${header.id}`).send({ kind: 'link' }).expect(400);
    expect(kindChange.body.message).toBe(Messages.unexpectedField('kind'));

    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('lets a free creator hold five links and embeds plus any headers, and refuses a sixth link or embed', async () => {
    const { client, user } = await signedInCreator(app);
    for (let n = 1; n <= 4; n += 1) await add(client, { title: `Link ${n}`, url: `https://example.com/${n}` });
    await add(client, { kind: 'embed', url: VIDEO });
    for (let n = 1; n <= 3; n += 1) await add(client, { kind: 'header', title: `Section ${n}` });

    for (const body of [
      { title: 'Sixth', url: 'https://example.com/6' },
      { kind: 'embed', url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
    ]) {
      const refused = await client.post('/api/links').send(body).expect(403);
      expect(refused.body.message).toBe(Messages.freePlanLinkLimit);
    }
    await add(client, { kind: 'header', title: 'Still fine' });
    expect((await rowsOf(user.id)).map((row) => row.kind).sort()).toEqual([
      'embed',
      'header',
      'header',
      'header',
      'header',
      'link',
      'link',
      'link',
      'link',
    ]);

    await db.makePremium(user.id);
    await add(client, { kind: 'embed', url: 'https://soundcloud.com/forss/flickermood' });
  });

  it('keeps a link’s clicks when its title and URL are edited', async () => {
    const { client } = await signedInCreator(app);
    const link = await add(client, { title: 'Shop', url: 'https://maya.store' });
    for (let n = 0; n < 3; n += 1) await visitor().post(`/api/links/${link.id}/click`).expect(200);
    await analyticsSettled(app);

    const edited = await client
      .put(`/api/links/${link.id}`)
      .send({ title: 'My shop', url: 'https://shop.example.com/new' })
      .expect(200);

    expect(edited.body).toMatchObject({ id: link.id, title: 'My shop', url: 'https://shop.example.com/new', clicks: 3 });
    expect((await list(client)).find((block) => block.id === link.id)?.clicks).toBe(3);
    const go = await visitor().get(`/go/${link.id}`).expect(302);
    expect(go.headers.location).toBe('https://shop.example.com/new');
    expect((await list(client)).find((block) => block.id === link.id)?.clicks).toBe(4);
  });

  it('answers a header on /go and the click API as an unknown link, counting nothing, and leads an embed to its service', async () => {
    const { client } = await signedInCreator(app);
    const header = await add(client, { kind: 'header', title: 'Music' });
    const embed = await add(client, { kind: 'embed', url: VIDEO });

    await visitor().get(`/go/${header.id}`).expect(404);
    const click = await visitor().post(`/api/links/${header.id}/click`).expect(404);
    expect(click.body.message).toBe(Messages.linkNotFound);
    const go = await visitor().get(`/go/${embed.id}`).expect(302);
    expect(go.headers.location).toBe(VIDEO);

    const counted = await list(client);
    expect(counted.map((block) => [block.kind, block.clicks])).toEqual([
      ['embed', 1],
      ['header', 0],
    ]);
    const analytics = (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
    expect(analytics).toMatchObject({ totalClicks: 1, activeLinks: 1 });
  });

  it('carries each block’s kind on the public profile and the page, headers as section titles', async () => {
    const { client, user } = await signedInCreator(app);
    await add(client, { title: 'Shop', url: 'https://maya.store' });
    const embed = await add(client, { kind: 'embed', title: 'New video', url: VIDEO });
    await add(client, { kind: 'header', title: 'Watch <this>' });

    const profile = (await visitor().get(`/api/users/${user.username}`).expect(200)).body as PublicProfileResponse;
    expect(profile.links.map((block) => [block.kind, block.title, block.url])).toEqual([
      ['header', 'Watch <this>', ''],
      ['embed', 'New video', VIDEO],
      ['link', 'Shop', 'https://maya.store'],
    ]);

    const page = await visitor().get(`/${user.username}`).expect(200);
    expect(page.text).toContain('<h2 class="block-header">Watch &lt;this&gt;</h2>');
    expect(page.text).toContain(`href="/go/${embed.id}"`);
    expect(page.text).toContain('data-player="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(page.text).not.toContain('src="https://www.youtube');
    expect(page.headers['content-security-policy']).toContain('frame-src');
    expect(page.headers['content-security-policy']).toContain('https://www.youtube-nocookie.com');
  });
});

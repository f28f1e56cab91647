import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { Messages, SeoMessages, SocialMessages, type PublicProfileResponse, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, signedInCreator, startApp } from './support/harness.js';

/*
 * Social icons (PUT /api/users/socials) and the search and share preview (PUT /api/users/seo,
 * PUT /api/share-images) over HTTP: what is stored, what is refused (and changes nothing), what the creator's
 * view, the public profile and the rendered bio page show, right after each change (the page cache follows
 * the page version). The bio page is rendered by public-app's build (run `npm run build` first).
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SOCIALS = '/api/users/socials';
const SEO = '/api/users/seo';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('social icons and the search and share preview over HTTP', () => {
  let app: INestApplication;
  const objectsDir = mkdtempSync(join(tmpdir(), 'linkbio-socials-'));

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    process.env.OBJECTS_DIR = objectsDir;
    delete process.env.S3_BUCKET;
    app = await startApp();
  });

  afterAll(async () => {
    await app.close();
    delete process.env.OBJECTS_DIR;
    rmSync(objectsDir, { recursive: true, force: true });
  });

  const own = async (client: Agent): Promise<UserView> => (await client.get('/api/auth/me').expect(200)).body as UserView;
  const publicView = async (username: string) =>
    ((await agent(app).get(`/api/users/${username}`).expect(200)).body as PublicProfileResponse).user;
  const page = async (username: string) => (await agent(app).get(`/${username}`).set('User-Agent', BROWSER).expect(200)).text;

  async function expectRefused(client: Agent, path: string, body: unknown, message: string) {
    const before = await own(client);
    const response = await client.put(path).send(body as object);
    expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
    expect(await own(client)).toEqual(before);
  }

  describe('PUT /api/users/socials', () => {
    it('stores the list in order with its position, and the page shows it at once', async () => {
      const { client, details } = await signedInCreator(app);
      const before = await page(details.username);
      expect(before).not.toContain('class="socials');

      const saved = await client
        .put(SOCIALS)
        .send({
          socials: [
            { platform: 'instagram', url: 'instagram.com/jane' },
            { platform: 'mastodon', url: 'https://mastodon.social/@jane' },
            { platform: 'email', url: 'jane@example.com' },
          ],
        })
        .expect(200);
      const socials = [
        { platform: 'instagram', url: 'https://instagram.com/jane' },
        { platform: 'mastodon', url: 'https://mastodon.social/@jane' },
        { platform: 'email', url: 'mailto:jane@example.com' },
      ];
      expect((saved.body as { user: UserView }).user).toMatchObject({ socials, socialsPosition: 'top' });
      expect(await own(client)).toMatchObject({ socials, socialsPosition: 'top' });
      expect(await publicView(details.username)).toMatchObject({ socials, socialsPosition: 'top' });

      const html = await page(details.username);
      expect(html).toContain('<nav class="socials s-top" aria-label="Social profiles">');
      expect(html).toContain('<a href="https://instagram.com/jane" target="_blank" rel="noopener me" aria-label="Instagram">');
      expect(html).toContain('<a href="mailto:jane@example.com" aria-label="E-mail">');
      // Under the bio, before the links.
      expect(html.indexOf('class="socials')).toBeLessThan(html.indexOf('class="actions"'));

      await client.put(SOCIALS).send({ socials: [{ platform: 'github', url: '@jane' }], position: 'bottom' }).expect(200);
      const moved = await page(details.username);
      expect(moved).toContain('<nav class="socials s-bottom"');
      expect(moved).not.toContain('aria-label="Instagram"');
      expect(moved.indexOf('class="socials')).toBeGreaterThan(moved.indexOf('class="actions"'));
      expect(moved.indexOf('class="socials')).toBeLessThan(moved.indexOf('class="foot"'));

      await client.put(SOCIALS).send({ socials: [] }).expect(200);
      expect(await page(details.username)).not.toContain('class="socials');
      expect(await publicView(details.username)).toMatchObject({ socials: [], socialsPosition: 'bottom' });
    });

    it.each<[string, unknown, string]>([
      ['an address of another platform', { socials: [{ platform: 'instagram', url: 'https://tiktok.com/@jane' }] }, "That isn't an Instagram address"],
      ['a javascript: address', { socials: [{ platform: 'website', url: 'javascript:alert(1)' }] }, SocialMessages.notPlatformAddress('website')],
      ['a Mastodon address over http', { socials: [{ platform: 'mastodon', url: 'http://mastodon.social/@jane' }] }, "That isn't a Mastodon address"],
      ['an unknown platform', { socials: [{ platform: 'myspace', url: 'https://myspace.com/jane' }] }, SocialMessages.unknownPlatform],
      ['a platform twice', { socials: [{ platform: 'x', url: '@a' }, { platform: 'x', url: '@b' }] }, SocialMessages.twice('x')],
      ['a good item and a bad one', { socials: [{ platform: 'x', url: '@a' }, { platform: 'discord', url: 'https://discord.com/jane' }] }, "That isn't a Discord address"],
      ['too many', { socials: Array.from({ length: 13 }, () => ({ platform: 'x', url: '@a' })) }, SocialMessages.tooMany],
      ['not a list', { socials: 'https://x.com/a' }, SocialMessages.notAList],
      ['no list', {}, SocialMessages.notAList],
      ['an extra field in an item', { socials: [{ platform: 'x', url: '@a', svg: '<svg/>' }] }, 'Unexpected field: socials.svg'],
      ['another position', { socials: [], position: 'left' }, SocialMessages.invalidPosition],
      ['an extra field', { socials: [], color: '#fff' }, Messages.unexpectedField('color')],
    ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
      const { client } = await signedInCreator(app);
      await client.put(SOCIALS).send({ socials: [{ platform: 'youtube', url: 'https://youtube.com/@jane' }] }).expect(200);
      await expectRefused(client, SOCIALS, body, message);
    });

    it('answers 401 without a session', async () => {
      const response = await agent(app).put(SOCIALS).send({ socials: [] }).expect(401);
      expect(response.body.message).toBe(Messages.notSignedIn);
    });
  });

  describe('PUT /api/users/seo', () => {
    it('sets the title, description and image of the page, and empty goes back to the defaults', async () => {
      const { client, details } = await signedInCreator(app);
      const defaults = await page(details.username);
      expect(defaults).toContain(`<title>${details.displayName} | Linkbio</title>`);

      await client.put(SEO).send({ title: '  Jane bakes bread ', description: 'Sourdough & <b>recipes</b>' }).expect(200);
      expect((await own(client)).seo).toEqual({ title: 'Jane bakes bread', description: 'Sourdough & <b>recipes</b>', image: null });
      expect((await publicView(details.username)).seo).toEqual({
        title: 'Jane bakes bread',
        description: 'Sourdough & <b>recipes</b>',
        image: null,
      });
      const html = await page(details.username);
      expect(html).toContain('<title>Jane bakes bread</title>');
      expect(html).toContain('<meta name="description" content="Sourdough &amp; &lt;b&gt;recipes&lt;/b&gt;"/>');
      expect(html).toContain('<meta property="og:title" content="Jane bakes bread"/>');
      expect(html).toContain('<meta name="twitter:description" content="Sourdough &amp; &lt;b&gt;recipes&lt;/b&gt;"/>');
      expect(html).not.toContain('<b>recipes');

      // The share image comes through the upload flow, like the avatar.
      const upload = (await client.post('/api/objects/upload').expect(200)).body.uploadURL as string;
      const uploadPath = new URL(upload, 'http://x');
      await client.put(uploadPath.pathname + uploadPath.search).set('Content-Type', 'image/png').send(PNG).expect(200);
      const image = ((await client.put('/api/share-images').send({ imageURL: upload }).expect(200)).body as { user: UserView }).user.seo.image;
      expect(image).toMatch(/\/objects\/users\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
      const withImage = await page(details.username);
      expect(withImage).toContain(`<meta property="og:image" content="${new URL(image!, 'http://127.0.0.1').pathname}`.slice(0, 30));
      expect(withImage).toMatch(/<meta property="og:image" content="[^"]+\/objects\/users\/[^"]+\.png"\/>/);
      expect(withImage).toContain('<meta name="twitter:card" content="summary_large_image"/>');

      // Keeping the image while changing the text; then all back to the defaults.
      await client.put(SEO).send({ title: 'Jane', image }).expect(200);
      expect((await own(client)).seo).toMatchObject({ title: 'Jane', image });
      await client.put(SEO).send({ title: '', description: null, image: null }).expect(200);
      expect((await own(client)).seo).toEqual({ title: null, description: null, image: null });
      const back = await page(details.username);
      expect(back).toContain(`<title>${details.displayName} | Linkbio</title>`);
      expect(back).toContain(`<meta name="description" content="All of ${details.displayName}&#x27;s links in one place."/>`);
      expect(back).not.toContain('og:image');
    });

    it.each<[string, unknown, string]>([
      ['a title too long', { title: 'a'.repeat(71) }, SeoMessages.titleTooLong],
      ['a description too long', { description: 'a'.repeat(201) }, SeoMessages.descriptionTooLong],
      ['a title that is not text', { title: 5 }, Messages.mustBeText('Title')],
      ['an image not uploaded here', { image: 'https://evil.example/x.png' }, SeoMessages.imageNotUploaded],
      ['a javascript: image', { image: 'javascript:alert(1)' }, SeoMessages.imageNotUploaded],
      ['a control character', { title: 'a\u0007b' }, Messages.invalidCharacters],
      ['an extra field', { keywords: 'x' }, Messages.unexpectedField('keywords')],
    ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
      const { client } = await signedInCreator(app);
      await client.put(SEO).send({ title: 'Kept', description: 'Kept too' }).expect(200);
      await expectRefused(client, SEO, body, message);
    });

    it('answers 401 without a session', async () => {
      await agent(app).put(SEO).send({ title: 'x' }).expect(401);
      await agent(app).put('/api/share-images').send({ imageURL: '/objects/x' }).expect(401);
    });

    it('refuses a share image that is not an upload of this creator', async () => {
      const { client } = await signedInCreator(app);
      const response = await client.put('/api/share-images').send({ imageURL: 'https://evil.example/x.png' }).expect(400);
      expect(response.body.message).toBe(Messages.imageNotFromUs);
      expect((await own(client)).seo.image).toBeNull();
    });
  });
});

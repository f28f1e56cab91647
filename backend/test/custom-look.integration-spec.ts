import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { LookMessages, Messages, type PublicProfileResponse, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * Premium's custom look over HTTP (PUT /api/users/template with buttonColor, buttonTextColor, buttonShape),
 * the contrast rule, who may use it, what the bio page shows while premium and after, and the 'Made with
 * Linkbio' branding. The bio page is rendered by public-app's build (run `npm run build` first).
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TEMPLATE = '/api/users/template';
const MADE_WITH =
  /<footer class="foot"><a class="made" href="\/">.*Made with <strong>Linkbio<\/strong><\/span><\/a><\/footer>/;
const tooLittleContrast = (ratio: string) =>
  `Button text needs more contrast with the button colour (${ratio}:1; at least 4.5:1).`;

describe('custom look (Premium) over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY))
      throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  const own = async (client: Agent): Promise<UserView> =>
    (await client.get('/api/auth/me').expect(200)).body as UserView;
  const publicView = async (username: string) =>
    ((await agent(app).get(`/api/users/${username}`).expect(200)).body as PublicProfileResponse).user;
  const page = async (username: string) =>
    (await agent(app).get(`/${username}`).set('User-Agent', BROWSER).expect(200)).text;
  const body = (html: string) => html.match(/<body[^>]*>/)?.[0];

  async function premiumCreator() {
    const creator = await signedInCreator(app);
    await db.makePremium(creator.user.id);
    return creator;
  }

  /** A change that must be refused: the status and message, and the creator's own view unchanged. */
  async function expectRefused(client: Agent, body: object, status: number, message: string) {
    const before = await own(client);
    const response = await client.put(TEMPLATE).send(body);
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    expect(await own(client)).toEqual(before);
  }

  describe('a premium creator', () => {
    it('saves button colours (stored lower case) and a shape, shown on /api/auth/me, the public view and the page', async () => {
      const { client, details } = await premiumCreator();

      const response = await client
        .put(TEMPLATE)
        .send({ buttonColor: '#2563EB', buttonTextColor: '#ffffff', buttonShape: 'pill' })
        .expect(200);

      const look = { buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'pill' };
      expect(response.body.user).toMatchObject(look);
      expect(await own(client)).toMatchObject(look);
      expect(await publicView(details.username)).toMatchObject({ ...look, isPremium: true });
      expect(body(await page(details.username))).toBe(
        '<body class="t-default b-pill" style="--btn-bg:#2563eb;--btn-fg:#ffffff">',
      );
    });

    it('shows the square shape with the theme’s colours, and a custom background with custom buttons', async () => {
      const { client, details } = await premiumCreator();
      await client.put(TEMPLATE).send({ buttonShape: 'square' }).expect(200);
      expect(body(await page(details.username))).toBe('<body class="t-default b-square">');

      await client
        .put(TEMPLATE)
        .send({ backgroundColor: '#1e1b4b', buttonColor: '#fde68a', buttonTextColor: '#1e1b4b' })
        .expect(200);
      expect(body(await page(details.username))).toBe(
        '<body class="t-default t-ondark b-square" style="background-color:#1e1b4b;--btn-bg:#fde68a;--btn-fg:#1e1b4b">',
      );
    });

    it('goes back to the theme’s look with null colours and the rounded shape', async () => {
      const { client, details } = await premiumCreator();
      await client
        .put(TEMPLATE)
        .send({ buttonColor: '#000000', buttonTextColor: '#ffffff', buttonShape: 'square' })
        .expect(200);

      await client.put(TEMPLATE).send({ buttonColor: null, buttonTextColor: '', buttonShape: 'rounded' }).expect(200);

      expect(await own(client)).toMatchObject({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
      expect(body(await page(details.username))).toBe('<body class="t-default">');
    });

    it('changes only what is sent', async () => {
      const { client } = await premiumCreator();
      await client
        .put(TEMPLATE)
        .send({ buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'pill' })
        .expect(200);
      await client.put(TEMPLATE).send({ theme: 'vibrant', backgroundColor: '#f0fdf4' }).expect(200);
      await client.put(TEMPLATE).send({ buttonShape: 'square' }).expect(200);
      expect(await own(client)).toMatchObject({
        theme: 'vibrant',
        backgroundColor: '#f0fdf4',
        buttonColor: '#2563eb',
        buttonTextColor: '#ffffff',
        buttonShape: 'square',
      });
    });
  });

  describe('the contrast rule (WCAG AA, 4.5:1)', () => {
    it.each([
      // theme, button, text, refused with (null: accepted)
      ['default', '#2563eb', '#ffffff', null], // 5.17:1
      ['default', '#ffffff', '#000000', null], // 21:1
      ['default', '#ffffff', '#767676', null], // 4.54:1
      ['default', '#ffffff', '#7c7290', null], // 4.5000006:1, the closest pass
      ['default', '#ffffff', '#777777', '4.48'],
      ['default', '#ffffff', '#9a6c5a', '4.49'], // 4.4999999:1, the closest refusal
      ['default', '#3b82f6', '#ffffff', '3.68'],
      ['default', '#ffffff', '#ffffff', '1'],
      ['default', '#2563eb', null, '3.45'], // on the default theme's #0f172a text
      ['default', null, '#ffffff', '1'], // on the default theme's #ffffff button
      ['dark', null, '#ffffff', null], // on the dark theme's #1e293b button
      ['dark', '#fbbf24', null, '1.6'], // under the dark theme's #f8fafc text
      ['vibrant', '#fde68a', null, null], // under the vibrant theme's #3b0764 text
    ] as const)('%s theme, button %s, text %s: refused at %s:1', async (theme, button, text, refusedAt) => {
      const { client } = await premiumCreator();
      const change = { theme, buttonColor: button, buttonTextColor: text };
      if (refusedAt === null) {
        const response = await client.put(TEMPLATE).send(change).expect(200);
        expect(response.body.user).toMatchObject(change);
      } else {
        await expectRefused(client, change, 400, tooLittleContrast(refusedAt));
      }
    });

    it('refuses a theme under which the saved button text would become unreadable', async () => {
      const { client } = await premiumCreator();
      await client.put(TEMPLATE).send({ theme: 'dark', buttonTextColor: '#ffffff' }).expect(200);
      await expectRefused(client, { theme: 'default' }, 400, tooLittleContrast('1'));
      await client.put(TEMPLATE).send({ theme: 'default', buttonColor: '#0f172a' }).expect(200);
      expect(await own(client)).toMatchObject({ theme: 'default', buttonColor: '#0f172a', buttonTextColor: '#ffffff' });
    });
  });

  describe('a free creator', () => {
    it.each([
      ['a button colour', { buttonColor: '#2563eb' }],
      ['a button text colour', { buttonTextColor: '#0f172a' }],
      ['the pill shape', { buttonShape: 'pill' }],
      ['the square shape', { buttonShape: 'square' }],
      ['a whole look with a theme', { theme: 'dark', buttonColor: '#000000', buttonTextColor: '#ffffff' }],
    ])('is refused %s with 403 and a message naming Premium', async (_name, change) => {
      const { client } = await signedInCreator(app);
      await expectRefused(client, change, 403, LookMessages.premiumLookOnly);
      expect(LookMessages.premiumLookOnly).toMatch(/Premium/);
    });

    it('is refused a background beyond the presets with 403 naming Premium', async () => {
      const { client } = await signedInCreator(app);
      await expectRefused(client, { backgroundColor: '#123456' }, 403, Messages.presetColorsOnly);
      expect(Messages.presetColorsOnly).toMatch(/Premium/);
    });

    it('keeps the default buttons: null colours and rounded are accepted', async () => {
      const { client, details } = await signedInCreator(app);
      await client
        .put(TEMPLATE)
        .send({ theme: 'dark', buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' })
        .expect(200);
      expect(await own(client)).toMatchObject({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
      expect(await publicView(details.username)).toMatchObject({
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
      });
    });
  });

  describe('bad input', () => {
    const refusals: [object, string][] = [
      ...[
        'red',
        '#fff',
        'ffffff',
        '#gggggg',
        '#2563eb;color:red',
        'red;background:url(javascript:alert(1))',
        '#2563eb\n',
        123,
        ['#ffffff'],
      ].map((value): [object, string] => [{ buttonColor: value }, LookMessages.invalidButtonColor]),
      ...['white', '#00000', '#0000000', 'expression(alert(1))', '}</style><script>alert(1)</script>', true].map(
        (value): [object, string] => [{ buttonTextColor: value }, LookMessages.invalidButtonTextColor],
      ),
      ...['circle', 'Pill', '', 'rounded ', null, 1].map((value): [object, string] => [
        { buttonShape: value },
        LookMessages.invalidButtonShape,
      ]),
    ];

    it.each(refusals)('refuses %j with 400, also for premium creators', async (change, message) => {
      const { client } = await premiumCreator();
      await expectRefused(client, change, 400, message);
    });

    it('keeps anything but a checked colour and shape out of the database', async () => {
      const { user } = await premiumCreator();
      for (const [column, value] of [
        ['button_color', 'red;x:y'],
        ['button_text_color', '#FFFFFF'],
        ['button_shape', 'circle'],
      ] as const) {
        await expect(db.query(`update users set ${column} = $2 where id = $1`, [user.id, value])).rejects.toThrow(
          /check constraint/,
        );
      }
    });
  });

  describe('when premium ends', () => {
    it('the page shows the theme’s defaults and the Made with Linkbio link again; the saved values are kept for the return', async () => {
      const { client, details, user } = await premiumCreator();
      const custom = {
        backgroundColor: '#1e1b4b',
        buttonColor: '#fde68a',
        buttonTextColor: '#1e1b4b',
        buttonShape: 'pill',
      };
      await client.put(TEMPLATE).send(custom).expect(200);
      const premiumPage = await page(details.username);
      expect(body(premiumPage)).toBe(
        '<body class="t-default t-ondark b-pill" style="background-color:#1e1b4b;--btn-bg:#fde68a;--btn-fg:#1e1b4b">',
      );
      expect(premiumPage).not.toContain('Made with');

      await db.makePremium(user.id, false);

      const freePage = await page(details.username);
      expect(body(freePage)).toBe('<body class="t-default">');
      expect(freePage.slice(freePage.indexOf('</head>'))).not.toMatch(/--btn-|b-pill|#1e1b4b|#fde68a/);
      expect(freePage).toMatch(MADE_WITH);
      expect(freePage).toContain(`<title>Creator ${details.username} | Linkbio</title>`);
      expect(await publicView(details.username)).toMatchObject({
        isPremium: false,
        backgroundColor: null,
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
      });
      expect(await own(client)).toMatchObject({ ...custom, isPremium: false });

      await db.makePremium(user.id, true);
      expect(body(await page(details.username))).toBe(
        '<body class="t-default t-ondark b-pill" style="background-color:#1e1b4b;--btn-bg:#fde68a;--btn-fg:#1e1b4b">',
      );
    });

    it('the lapsed creator can change the theme and presets, and is refused new custom values', async () => {
      const { client, details, user } = await premiumCreator();
      await client.put(TEMPLATE).send({ buttonColor: '#ffffff', buttonShape: 'square' }).expect(200);
      await db.makePremium(user.id, false);

      // #f8fafc text on the saved #ffffff would fail, but nothing of the saved look shows now.
      await client.put(TEMPLATE).send({ theme: 'dark' }).expect(200);
      await client.put(TEMPLATE).send({ theme: 'default', backgroundColor: '#fdf2f8' }).expect(200);
      await expectRefused(client, { buttonShape: 'pill' }, 403, LookMessages.premiumLookOnly);
      await expectRefused(client, { buttonColor: '#000000' }, 403, LookMessages.premiumLookOnly);

      expect(await own(client)).toMatchObject({ buttonColor: '#ffffff', buttonShape: 'square' });
      expect(body(await page(details.username))).toBe('<body class="t-default" style="background-color:#fdf2f8">');
    });
  });

  describe("branding: the 'Made with Linkbio' link follows the plan", () => {
    it('is on free pages, off while premium, and back after premium ends', async () => {
      const { details, user } = await signedInCreator(app);
      expect(await page(details.username)).toMatch(MADE_WITH);

      await db.makePremium(user.id);
      const premium = await page(details.username);
      expect(premium).not.toContain('Made with');
      expect(premium).not.toContain('class="made"');
      expect(premium).toContain(`<title>Creator ${details.username}</title>`);
      expect(premium).not.toContain('og:site_name');

      await db.makePremium(user.id, false);
      const ended = await page(details.username);
      expect(ended).toMatch(MADE_WITH);
      expect(ended).toContain('<meta property="og:site_name" content="Linkbio"/>');
    });
  });
});

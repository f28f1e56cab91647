import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * Tips on the page (issue 27): the bio page's 'Support me' block and the tip page /tip/{username}, rendered by
 * public-app's build, from users.tips_enabled, tip_presets and tip_message (set here in SQL; the settings API has
 * its own spec, orders.integration-spec.ts), on real PostgreSQL.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));

describe('tips on the public pages', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  async function page(path: string, status = 200): Promise<string> {
    const response = await agent(app).get(path).expect(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.text;
  }

  const tipsOn = (userId: string, presets = [300, 500, 1000], message: string | null = null) =>
    db.query('update users set tips_enabled = true, tip_presets = $2, tip_message = $3 where id = $1', [userId, presets, message]);

  it('shows no support block while tips are off (the default), and $3, $5, $10 links once on', async () => {
    const { details, user } = await signedInCreator(app, { displayName: 'Maya Chen' });
    expect(await page(`/${details.username}`)).not.toContain('Support me');
    const { rows } = await db.query<{ tips_enabled: boolean; tip_presets: number[]; tip_message: string | null }>(
      'select tips_enabled, tip_presets, tip_message from users where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ tips_enabled: false, tip_presets: [300, 500, 1000], tip_message: null });

    await tipsOn(user.id, [300, 500, 1000], 'Buy me a <coffee>');
    const html = await page(`/${details.username}`);
    expect(html).toContain('<h2 id="support-me" class="block-header">Support me</h2>');
    expect(html).toContain('Buy me a &lt;coffee&gt;');
    const links = [...html.matchAll(/<a class="support-amount" href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, text]) => [href, text]);
    expect(links).toEqual([
      [`/tip/${details.username}?amount=300`, '$3.00'],
      [`/tip/${details.username}?amount=500`, '$5.00'],
      [`/tip/${details.username}?amount=1000`, '$10.00'],
      [`/tip/${details.username}`, 'Custom amount'],
    ]);
    expect(html).not.toMatch(/<script/i);
  });

  it('keeps the bio page well under 20 KB compressed with five links, a long bio, booking and tips with a message', async () => {
    const { client, details, user } = await signedInCreator(app, { displayName: 'A'.repeat(50), bio: 'b'.repeat(160) });
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '99.99' }).expect(200);
    for (let i = 0; i < 5; i += 1)
      await client
        .post('/api/links')
        .send({ title: `${'t'.repeat(90)}${i}`, url: `https://www.instagram.com/${'u'.repeat(200)}${i}`, order: 0 })
        .expect(201);
    await tipsOn(user.id, [100000, 100000, 100000], 'm'.repeat(200));
    const html = await page(`/${details.username}?booked=true`);
    expect(html).toContain('Support me');
    const compressed = gzipSync(html).length;
    expect(compressed).toBeLessThan(20 * 1024);
  });

  it('renders the tip page with the asked amount chosen and its island script; an odd amount falls back to the first preset', async () => {
    const { details, user } = await signedInCreator(app, { displayName: 'Maya Chen' });
    await tipsOn(user.id, [200, 700, 1500]);
    const html = await page(`/tip/${details.username}?amount=700`);
    expect(html).toContain('<title>Support Maya Chen</title>');
    expect(html).toMatch(/<input type="radio" name="amountChoice" checked="" value="700"\/>/);
    expect(html).toMatch(/<button class="btn-primary btn-wide" type="submit" disabled="">Continue to Payment<\/button>/);
    const script = html.match(/<script type="module" src="(\/p\/assets\/tip-[\w-]+\.js)"><\/script>/)?.[1];
    expect(script).toBeDefined();
    await agent(app).get(script!).expect(200);
    const data = html.match(/id="checkout-root" data-checkout="([^"]+)"/)?.[1];
    expect(JSON.parse(data!.replace(/&quot;/g, '"'))).toMatchObject({ kind: 'tip', username: details.username, presets: [200, 700, 1500], amountCents: 700 });

    for (const odd of ['abc', '-5', '99', '5.5', '100000000'])
      expect(await page(`/tip/${details.username}?amount=${odd}`)).toMatch(/checked="" value="200"/);
  });

  it('says tips are off, without the form or a script, when the creator takes none', async () => {
    const { details } = await signedInCreator(app, { displayName: 'Maya Chen' });
    const html = await page(`/tip/${details.username}`);
    expect(html).toContain('Maya Chen isn&#x27;t taking tips right now.');
    expect(html).not.toContain('Continue to Payment');
    expect(html).not.toMatch(/<script/i);
  });

  it('answers 404 for an unknown creator and 301 to the lowercase address', async () => {
    await page('/tip/nobody-has-this-name-42', 404);
    const { details } = await signedInCreator(app);
    const response = await agent(app).get(`/tip/${details.username.toUpperCase()}?amount=500`).expect(301);
    expect(response.headers.location).toBe(`/tip/${details.username}?amount=500`);
  });
});

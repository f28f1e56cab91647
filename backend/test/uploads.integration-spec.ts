import type { INestApplication } from '@nestjs/common';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages, UPLOADS_PER_HOUR, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';

const b64 = (text: string) => Buffer.from(text, 'base64');
const IMAGES = {
  png: b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  jpg: b64('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA='),
  webp: b64('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA='),
  gif: b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
};
const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const withPngHeader = (size: number) => Buffer.concat([IMAGES.png, Buffer.alloc(size - IMAGES.png.length)]);

describe('avatar and background uploads (local object store)', () => {
  let app: INestApplication;
  let db: Database;
  const objectsDir = mkdtempSync(join(tmpdir(), 'linkbio-uploads-'));

  beforeAll(async () => {
    process.env.OBJECTS_DIR = objectsDir;
    delete process.env.S3_BUCKET;
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
    delete process.env.OBJECTS_DIR;
    rmSync(objectsDir, { recursive: true, force: true });
  });

  const pathOf = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return parsed.pathname + parsed.search;
  };
  const uploadURL = async (client: Agent): Promise<string> => {
    const response = await client.post('/api/objects/upload').expect(200);
    expect(typeof response.body.uploadURL).toBe('string');
    return response.body.uploadURL as string;
  };
  /** Asks for an upload URL and PUTs the bytes to it, as Uppy does; returns the URL. */
  const upload = async (client: Agent, body: Buffer, contentType = 'image/png', expected = 200): Promise<string> => {
    const url = await uploadURL(client);
    await client.put(pathOf(url)).set('Content-Type', contentType).send(body).expect(expected);
    return url;
  };
  const me = async (client: Agent) => (await client.get('/api/auth/me').expect(200)).body as UserView;

  it('requires a signed-in creator', async () => {
    for (const call of [
      agent(app).post('/api/objects/upload'),
      agent(app).put('/api/avatar-images').send({ avatarURL: '/objects/x' }),
      agent(app).put('/api/background-images').send({ backgroundImageURL: '/objects/x' }),
    ]) {
      expect((await call).body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
    }
  });

  it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])(
    'uploads a %s avatar, shows it in the profile, serves it and puts it on the bio page',
    async (kind) => {
      const { client, user, details } = await signedInCreator(app);
      const url = await upload(client, IMAGES[kind], TYPES[kind]);
      expect(url).toMatch(new RegExp(`^http://[^/]+/objects/uploads/${user.id}/[0-9a-f-]{36}\\?expires=\\d+&token=`));
      const answer = await client.put('/api/avatar-images').send({ avatarURL: url });
      expect(answer.status).toBe(200);
      const avatar = answer.body.user.avatar as string;
      expect(avatar).toMatch(new RegExp(`^/objects/users/${user.id}/[0-9a-f-]{36}\\.${kind}$`));
      expect((await me(client)).avatar).toBe(avatar);

      const served = await agent(app).get(avatar).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(TYPES[kind]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.body).toEqual(IMAGES[kind]);

      const page = await agent(app).get(`/${details.username}`).expect(200);
      expect(page.text).toContain(avatar);
      // The upload itself is not served.
      await agent(app).get(new URL(url).pathname).expect(404);
    },
  );

  it('sets a background image, clears the colour and shows it on the bio page', async () => {
    const { client, details } = await signedInCreator(app);
    await client.put('/api/users/template').send({ backgroundColor: '#f0fdf4' }).expect(200);
    const url = await upload(client, IMAGES.jpg, 'image/jpeg');
    const answer = await client.put('/api/background-images').send({ backgroundImageURL: url.split('?')[0] }).expect(200);
    expect(answer.body.user).toMatchObject({ backgroundColor: null, backgroundImage: expect.stringMatching(/\.jpg$/) });
    const view = await me(client);
    expect(view.backgroundImage).toBe(answer.body.user.backgroundImage);
    const page = await agent(app).get(`/${details.username}`).expect(200);
    expect(page.text).toContain(view.backgroundImage);
    // The template call may keep the current image.
    await client.put('/api/users/template').send({ theme: 'default', backgroundImage: view.backgroundImage }).expect(200);
  });

  it('takes an avatar of exactly 2 MB and a background of exactly 5 MB', async () => {
    const { client } = await signedInCreator(app);
    const avatar = await upload(client, withPngHeader(2_097_152));
    await client.put('/api/avatar-images').send({ avatarURL: avatar }).expect(200);
    const background = await upload(client, withPngHeader(5_242_880));
    await client.put('/api/background-images').send({ backgroundImageURL: background }).expect(200);
  });

  it('deletes the image it replaces', async () => {
    const { client } = await signedInCreator(app);
    const first = (await client.put('/api/avatar-images').send({ avatarURL: await upload(client, IMAGES.png) }).expect(200)).body
      .user.avatar as string;
    expect(existsSync(join(objectsDir, first.replace('/objects/', '')))).toBe(true);
    const second = (await client.put('/api/avatar-images').send({ avatarURL: await upload(client, IMAGES.gif, 'image/gif') }).expect(200))
      .body.user.avatar as string;
    expect(second).not.toBe(first);
    expect(existsSync(join(objectsDir, first.replace('/objects/', '')))).toBe(false);
    await agent(app).get(first).expect(404);
    await agent(app).get(second).expect(200);
  });

  it(`issues ${UPLOADS_PER_HOUR} upload URLs an hour per creator, then 429 with Retry-After and no new grant`, async () => {
    const { client, user } = await signedInCreator(app);
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1) await client.post('/api/objects/upload').expect(200);
    const grants = async () =>
      Number((await db.query<{ n: string }>('select count(*) as n from upload_grants where user_id = $1', [user.id])).rows[0]!.n);
    expect(await grants()).toBe(UPLOADS_PER_HOUR);

    const refused = await client.post('/api/objects/upload').expect(429);

    expect(refused.body).toEqual({ statusCode: 429, message: Messages.tooManyUploads(60) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await grants()).toBe(UPLOADS_PER_HOUR);
    const other = await signedInCreator(app);
    await other.client.post('/api/objects/upload').expect(200);
  });

  describe('refuses bad input, leaving the database unchanged', () => {
    type Row = [string, (client: Agent, userId: string) => Promise<{ status: number; message: unknown }>, number, string];
    const avatarWith = async (client: Agent, avatarURL: string) => {
      const response = await client.put('/api/avatar-images').send({ avatarURL });
      return { status: response.status, message: response.body.message };
    };
    const putTo = async (client: Agent, url: string, body: Buffer) => {
      const response = await client.put(pathOf(url)).set('Content-Type', 'image/png').send(body);
      return { status: response.status, message: response.body.message };
    };

    const rows: Row[] = [
      ['text with an image extension and content type', async (c) => avatarWith(c, await upload(c, Buffer.from('just some text, honest'))), 400, Messages.unsupportedImage],
      ['SVG sent as image/png', async (c) => avatarWith(c, await upload(c, SVG)), 400, Messages.unsupportedImage],
      ['SVG sent as image/svg+xml', async (c) => avatarWith(c, await upload(c, SVG, 'image/svg+xml')), 400, Messages.unsupportedImage],
      ['an avatar one byte over 2 MB', async (c) => avatarWith(c, await upload(c, withPngHeader(2_097_153))), 400, Messages.avatarTooLarge],
      ['a background one byte over 5 MB', async (c) => putTo(c, await uploadURL(c), withPngHeader(5_242_881)), 413, Messages.uploadTooLarge],
      [
        'the background endpoint after that refused upload',
        async (c) => {
          const url = await uploadURL(c);
          await putTo(c, url, withPngHeader(5_242_881));
          const response = await c.put('/api/background-images').send({ backgroundImageURL: url });
          return { status: response.status, message: response.body.message };
        },
        400,
        Messages.imageMissing,
      ],
      [
        "another creator's key",
        async (c) => {
          const other = await signedInCreator(app);
          return avatarWith(c, await upload(other.client, IMAGES.png));
        },
        403,
        Messages.imageNotYours,
      ],
      [
        "another creator's stored image",
        async (c) => {
          const other = await signedInCreator(app);
          const stored = await other.client.put('/api/avatar-images').send({ avatarURL: await upload(other.client, IMAGES.png) });
          return avatarWith(c, stored.body.user.avatar as string);
        },
        403,
        Messages.imageNotYours,
      ],
      ['a foreign URL', async (c) => avatarWith(c, 'https://cdn.example.com/objects/backgrounds/beach.png'), 400, Messages.imageNotFromUs],
      [
        'a foreign host with our path',
        async (c, id) => avatarWith(c, `https://evil.example/objects/uploads/${id}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d`),
        400,
        Messages.imageNotFromUs,
      ],
      ['a javascript: URL', async (c) => avatarWith(c, 'javascript:alert(1)'), 400, Messages.imageNotFromUs],
      [
        'a key that was never issued',
        async (c, id) => avatarWith(c, `/objects/uploads/${id}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d`),
        403,
        Messages.imageNotYours,
      ],
      [
        'an expired upload URL',
        async (c) => {
          const url = await uploadURL(c);
          const key = new URL(url).pathname.replace('/objects/', '');
          await db.query("update upload_grants set expires_at = now() - interval '1 minute' where key = $1", [key]);
          return putTo(c, url, IMAGES.png);
        },
        403,
        Messages.uploadLinkExpired,
      ],
      [
        'an upload URL with a forged token',
        async (c) => putTo(c, (await uploadURL(c)).replace(/token=[^&]+/, 'token=forged'), IMAGES.png),
        403,
        Messages.uploadLinkInvalid,
      ],
      [
        'an upload URL with a longer expiry',
        async (c) => putTo(c, (await uploadURL(c)).replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`), IMAGES.png),
        403,
        Messages.uploadLinkInvalid,
      ],
      [
        'a reused upload URL',
        async (c) => {
          const url = await upload(c, IMAGES.png);
          return putTo(c, url, SVG);
        },
        409,
        Messages.uploadLinkUsed,
      ],
      [
        'an upload chosen twice',
        async (c) => {
          const url = await upload(c, IMAGES.png);
          const first = await c.put('/api/background-images').send({ backgroundImageURL: url });
          expect(first.status).toBe(200);
          return avatarWith(c, url);
        },
        400,
        Messages.imageAlreadyUsed,
      ],
      [
        'a path-traversal key',
        async (c, id) => avatarWith(c, `/objects/uploads/${id}/../../users/${id}/0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d.png`),
        400,
        Messages.imageNotFromUs,
      ],
      [
        'an encoded path-traversal key',
        async (c, id) => avatarWith(c, `/objects/uploads/${id}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`),
        400,
        Messages.imageNotFromUs,
      ],
      [
        'a PUT to a path-traversal key',
        async (c, id) => {
          const url = await uploadURL(c);
          return putTo(c, url.replace(/uploads\/[^?]+/, `uploads/${id}/..%2f..%2fescape`), IMAGES.png);
        },
        404,
        Messages.notFound,
      ],
      ['an address that is not text', async (c) => avatarWith(c, 42 as unknown as string), 400, Messages.invalidImageURL],
    ];

    it.each(rows)('%s', async (name, attempt, status, message) => {
      const { client, user } = await signedInCreator(app);
      const before = await me(client);
      const result = await attempt(client, user.id);
      expect(result).toEqual({ status, message });
      const after = await me(client);
      // "An upload chosen twice" first sets it as the background on purpose; the avatar stays.
      if (name === 'an upload chosen twice') expect(after.avatar).toBe(before.avatar);
      else expect(after).toEqual(before);
    });

    it('leaves nothing changed in the database for a refused image', async () => {
      const { client, user } = await signedInCreator(app);
      const url = await upload(client, SVG);
      // The creator's row and upload grants: other spec files write other rows of these tables meanwhile.
      const fingerprint = async () =>
        (
          await db.query<{ digest: string }>(
            `select md5(coalesce((select u::text from users u where u.id = $1), '') || '|' ||
                        coalesce((select string_agg(g::text, '|' order by g.key) from upload_grants g where g.user_id = $1), '')) as digest`,
            [user.id],
          )
        ).rows[0]!.digest;
      const before = await fingerprint();
      await client.put('/api/avatar-images').send({ avatarURL: url }).expect(400);
      await client.put('/api/background-images').send({ backgroundImageURL: 'https://elsewhere.example/x.png' }).expect(400);
      expect(await fingerprint()).toBe(before);
    });
  });
});

import type { INestApplication } from '@nestjs/common';
import { Messages, PRESET_BACKGROUND_COLORS, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp, unique } from './support/harness.js';

const IMAGE = 'https://cdn.example.com/objects/backgrounds/beach.png';

describe('creator settings over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  const own = async (client: Agent): Promise<UserView> =>
    (await client.get('/api/auth/me').expect(200)).body as UserView;
  const setImageInDatabase = (userId: string, image: string | null) =>
    db.query('update users set background_image = $2 where id = $1', [userId, image]);

  /** A change that must be refused: the status and message, and the creator's own view unchanged. */
  async function expectRefused(client: Agent, path: string, body: unknown, status: number, message: string) {
    const before = await own(client);
    const response = await client.put(path).send(body as object);
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    expect(await own(client)).toEqual(before);
  }

  it.each(['template', 'payout-settings', 'booking-settings'])(
    'PUT /api/users/%s requires a signed-in creator',
    async (path) => {
      const response = await agent(app).put(`/api/users/${path}`).send({ enableBooking: false }).expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
    },
  );

  describe('PUT /api/users/template', () => {
    it.each(['vibrant', 'dark', 'default'] as const)('sets the theme %s and keeps the background', async (theme) => {
      const { client } = await signedInCreator(app);
      await client.put('/api/users/template').send({ backgroundColor: '#f0fdf4' }).expect(200);
      const response = await client.put('/api/users/template').send({ theme }).expect(200);
      expect(response.body.user).toMatchObject({ theme, backgroundColor: '#f0fdf4', backgroundImage: null });
      expect(await own(client)).toMatchObject({ theme, backgroundColor: '#f0fdf4' });
    });

    it.each([
      ['an unknown theme', { theme: 'neon' }],
      ['a theme that is not text', { theme: 1 }],
      ['a null theme', { theme: null }],
      ['an uppercase theme', { theme: 'Dark' }],
    ])('refuses %s with 400', async (_name, body) => {
      const { client } = await signedInCreator(app);
      await expectRefused(client, '/api/users/template', body, 400, Messages.invalidTheme);
    });

    it.each([...PRESET_BACKGROUND_COLORS])('lets a free creator choose the preset %s', async (color) => {
      const { client } = await signedInCreator(app);
      const response = await client
        .put('/api/users/template')
        .send({ backgroundColor: color, backgroundImage: null })
        .expect(200);
      expect(response.body.user).toMatchObject({ backgroundColor: color, backgroundImage: null });
      expect((await own(client)).backgroundColor).toBe(color);
    });

    it('accepts a preset written in uppercase and stores it lowercase', async () => {
      const { client } = await signedInCreator(app);
      await client.put('/api/users/template').send({ backgroundColor: '#FDF2F8' }).expect(200);
      expect((await own(client)).backgroundColor).toBe('#fdf2f8');
    });

    it.each(['#123456', '#000000', '#f8fafd'])(
      'refuses the non-preset %s to a free creator with 403',
      async (color) => {
        const { client } = await signedInCreator(app);
        await client.put('/api/users/template').send({ backgroundColor: '#fff7ed' }).expect(200);
        await expectRefused(client, '/api/users/template', { backgroundColor: color }, 403, Messages.presetColorsOnly);
      },
    );

    it('lets a premium creator choose any hex colour, stored lowercase, and not after premium ends', async () => {
      const { client, user } = await signedInCreator(app);
      await db.makePremium(user.id);
      const response = await client.put('/api/users/template').send({ backgroundColor: '#123ABC' }).expect(200);
      expect(response.body.user.backgroundColor).toBe('#123abc');
      expect((await own(client)).backgroundColor).toBe('#123abc');
      await db.makePremium(user.id, false);
      await expectRefused(
        client,
        '/api/users/template',
        { backgroundColor: '#654321' },
        403,
        Messages.presetColorsOnly,
      );
    });

    it.each([
      '#fff',
      'fff',
      'ffffff',
      'white',
      'rgb(0,0,0)',
      'red;background:url(javascript:alert(1))',
      '#ffffff;background:url(https://evil.example/x.png)',
      '#ffffff\n',
      ' #ffffff',
      '#gggggg',
      '#fffffff',
      'expression(alert(1))',
    ])('refuses the colour %j with 400, also for premium creators', async (color) => {
      const { client, user } = await signedInCreator(app);
      await db.makePremium(user.id);
      await expectRefused(client, '/api/users/template', { backgroundColor: color }, 400, Messages.invalidColor);
    });

    it.each([[123], [['#ffffff']], [{ value: '#ffffff' }], [true]])(
      'refuses the colour %j that is not text with 400',
      async (color) => {
        const { client } = await signedInCreator(app);
        await expectRefused(client, '/api/users/template', { backgroundColor: color }, 400, Messages.invalidColor);
      },
    );

    it('a colour clears the background image', async () => {
      const { client, user } = await signedInCreator(app);
      await setImageInDatabase(user.id, IMAGE);
      expect(await own(client)).toMatchObject({ backgroundImage: IMAGE, backgroundColor: null });
      const response = await client
        .put('/api/users/template')
        .send({ backgroundColor: '#faf5ff', backgroundImage: null })
        .expect(200);
      expect(response.body.user).toMatchObject({ backgroundColor: '#faf5ff', backgroundImage: null });
      expect(await own(client)).toMatchObject({ backgroundColor: '#faf5ff', backgroundImage: null });
    });

    it('a colour sent alone also clears the background image', async () => {
      const { client, user } = await signedInCreator(app);
      await setImageInDatabase(user.id, IMAGE);
      await client.put('/api/users/template').send({ backgroundColor: '#ffffff' }).expect(200);
      expect(await own(client)).toMatchObject({ backgroundColor: '#ffffff', backgroundImage: null });
    });

    it('choosing the uploaded image clears the colour', async () => {
      const { client, user } = await signedInCreator(app);
      await client.put('/api/users/template').send({ backgroundColor: '#f0f9ff' }).expect(200);
      await setImageInDatabase(user.id, IMAGE);
      const response = await client
        .put('/api/users/template')
        .send({ backgroundColor: null, backgroundImage: IMAGE })
        .expect(200);
      expect(response.body.user).toMatchObject({ backgroundColor: null, backgroundImage: IMAGE });
      expect(await own(client)).toMatchObject({ backgroundColor: null, backgroundImage: IMAGE });
      const row = await db.query('select background_color, background_image from users where id = $1', [user.id]);
      expect(row.rows[0]).toEqual({ background_color: null, background_image: IMAGE });
    });

    it.each([
      ['another image', 'https://cdn.example.com/objects/backgrounds/other.png'],
      ['an image on another site', 'https://evil.example/tracker.png'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a 10 kB string', `https://cdn.example.com/${'x'.repeat(10_000)}`],
    ])('refuses %s as background image with 400', async (_name, image) => {
      const { client, user } = await signedInCreator(app);
      await client.put('/api/users/template').send({ backgroundColor: '#fefce8' }).expect(200);
      await setImageInDatabase(user.id, IMAGE);
      await expectRefused(client, '/api/users/template', { backgroundImage: image }, 400, Messages.imageNotUploaded);
    });

    it('refuses a background image to a creator who has none', async () => {
      const { client } = await signedInCreator(app);
      await expectRefused(client, '/api/users/template', { backgroundImage: IMAGE }, 400, Messages.imageNotUploaded);
    });

    it('refuses a colour and an image together with 400', async () => {
      const { client, user } = await signedInCreator(app);
      await setImageInDatabase(user.id, IMAGE);
      await expectRefused(
        client,
        '/api/users/template',
        { backgroundColor: '#ffffff', backgroundImage: IMAGE },
        400,
        Messages.colorOrImage,
      );
    });

    it.each([null, ''])('clears the image, then the colour, when sent %j', async (empty) => {
      const { client, user } = await signedInCreator(app);
      await setImageInDatabase(user.id, IMAGE);
      await client.put('/api/users/template').send({ backgroundImage: empty }).expect(200);
      expect(await own(client)).toMatchObject({ backgroundImage: null, backgroundColor: null });
      await client.put('/api/users/template').send({ backgroundColor: '#f8fafc' }).expect(200);
      await client.put('/api/users/template').send({ backgroundColor: empty }).expect(200);
      expect(await own(client)).toMatchObject({ backgroundImage: null, backgroundColor: null });
    });

    it('refuses fields the template does not have', async () => {
      const { client } = await signedInCreator(app);
      await expectRefused(
        client,
        '/api/users/template',
        { theme: 'dark', isPremium: true },
        400,
        Messages.unexpectedField('isPremium'),
      );
      expect(
        (await db.query('select is_premium from users where username = $1', [(await own(client)).username])).rows[0],
      ).toEqual({ is_premium: false });
    });

    it('shows the template on the public page', async () => {
      const { client, details } = await signedInCreator(app);
      await client
        .put('/api/users/template')
        .send({ theme: 'vibrant', backgroundColor: '#fff7ed', backgroundImage: null })
        .expect(200);
      const page = await agent(app).get(`/api/users/${details.username}`).expect(200);
      expect(page.body.user).toMatchObject({ theme: 'vibrant', backgroundColor: '#fff7ed', backgroundImage: null });
    });
  });

  describe('PUT /api/users/payout-settings', () => {
    it('stores a PayPal e-mail (trimmed) and a CashApp handle without the $', async () => {
      const { client } = await signedInCreator(app);
      const response = await client
        .put('/api/users/payout-settings')
        .send({ paypalEmail: '  Pay.Me@Example.com ', cashappHandle: '$My_Cash-1' })
        .expect(200);
      expect(response.body.user).toMatchObject({ paypalEmail: 'Pay.Me@Example.com', cashappHandle: 'My_Cash-1' });
      expect(await own(client)).toMatchObject({ paypalEmail: 'Pay.Me@Example.com', cashappHandle: 'My_Cash-1' });
    });

    it.each([
      ['a one-character handle', 'a', 'a'],
      ['a twenty-character handle', 'abcdefghij0123456789', 'abcdefghij0123456789'],
      ['a twenty-character handle after a $', '$abcdefghij0123456789', 'abcdefghij0123456789'],
      ['a handle with spaces around', '  $cash  ', 'cash'],
    ])('accepts %s', async (_name, handle, stored) => {
      const { client } = await signedInCreator(app);
      await client.put('/api/users/payout-settings').send({ cashappHandle: handle }).expect(200);
      expect((await own(client)).cashappHandle).toBe(stored);
    });

    it('changes only the fields sent, and clears a field with an empty string or null', async () => {
      const { client } = await signedInCreator(app);
      await client
        .put('/api/users/payout-settings')
        .send({ paypalEmail: 'pay@example.com', cashappHandle: 'cash' })
        .expect(200);
      await client.put('/api/users/payout-settings').send({ paypalEmail: 'new@example.com' }).expect(200);
      expect(await own(client)).toMatchObject({ paypalEmail: 'new@example.com', cashappHandle: 'cash' });
      await client.put('/api/users/payout-settings').send({ paypalEmail: '', cashappHandle: 'cash' }).expect(200);
      expect(await own(client)).toMatchObject({ paypalEmail: null, cashappHandle: 'cash' });
      await client.put('/api/users/payout-settings').send({ cashappHandle: null }).expect(200);
      expect(await own(client)).toMatchObject({ paypalEmail: null, cashappHandle: null });
    });

    it.each([
      ['not-an-email'],
      ['pay@'],
      ['@example.com'],
      ['pay@example'],
      ['pay me@example.com'],
      [`${'p'.repeat(10_000)}@example.com`],
      [123],
      [['pay@example.com']],
      [true],
    ])('refuses the PayPal e-mail %j with 400', async (paypalEmail) => {
      const { client } = await signedInCreator(app);
      await client
        .put('/api/users/payout-settings')
        .send({ paypalEmail: 'kept@example.com', cashappHandle: 'kept' })
        .expect(200);
      await expectRefused(
        client,
        '/api/users/payout-settings',
        { paypalEmail, cashappHandle: 'other' },
        400,
        Messages.invalidPaypalEmail,
      );
    });

    it.each([
      ['has space'],
      ['a'.repeat(21)],
      ['$$cash'],
      ['ca$h'],
      ['cash!'],
      ['<script>'],
      ['caché'],
      ['x'.repeat(10_000)],
      [42],
      [{ handle: 'cash' }],
    ])('refuses the CashApp handle %j with 400', async (cashappHandle) => {
      const { client } = await signedInCreator(app);
      await client.put('/api/users/payout-settings').send({ cashappHandle: 'kept' }).expect(200);
      await expectRefused(client, '/api/users/payout-settings', { cashappHandle }, 400, Messages.invalidCashappHandle);
    });

    it('never shows payout details on the public page', async () => {
      const { client, details } = await signedInCreator(app);
      await client
        .put('/api/users/payout-settings')
        .send({ paypalEmail: 'secret.payout@example.com', cashappHandle: 'SecretHandle' })
        .expect(200);
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
      for (const viewer of [agent(app), client]) {
        const page = await viewer.get(`/api/users/${details.username}`).expect(200);
        expect(page.text).not.toContain('secret.payout');
        expect(page.text).not.toContain('SecretHandle');
        expect(page.text).not.toContain(details.email);
        expect(Object.keys(page.body.user).sort()).toEqual(
          [
            'avatar',
            'backgroundColor',
            'backgroundImage',
            'bio',
            'bookingPrice',
            'buttonColor',
            'buttonShape',
            'buttonTextColor',
            'displayName',
            'enableBooking',
            'isPremium',
            'seo',
            'socials',
            'socialsPosition',
            'theme',
            'username',
          ].sort(),
        );
        expect(page.body.user).toMatchObject({ enableBooking: true, bookingPrice: 4000 });
      }
    });
  });

  describe('PUT /api/users/booking-settings', () => {
    it.each([
      ['1', 100],
      ['25', 2500],
      ['25.5', 2550],
      ['25.50', 2550],
      ['19.99', 1999],
      ['4.35', 435],
      ['1.1', 110],
      ['0001.01', 101],
      [' 7.05 ', 705],
      ['9999.99', 999_999],
      ['10000', 1_000_000],
      ['10000.00', 1_000_000],
    ])('turns the dollar string %j into %i cents exactly', async (price, cents) => {
      const { client } = await signedInCreator(app);
      const response = await client
        .put('/api/users/booking-settings')
        .send({ enableBooking: true, bookingPrice: price })
        .expect(200);
      expect(response.body.user).toMatchObject({ enableBooking: true, bookingPrice: cents });
      expect(await own(client)).toMatchObject({ enableBooking: true, bookingPrice: cents });
    });

    it.each([['0'], ['0.00'], ['0.1'], ['0.99'], ['10000.01'], ['9999999.99']])(
      'refuses %j, outside $1.00–$10,000.00, with 400',
      async (price) => {
        const { client } = await signedInCreator(app);
        await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '30' }).expect(200);
        await expectRefused(
          client,
          '/api/users/booking-settings',
          { enableBooking: true, bookingPrice: price },
          400,
          Messages.bookingPriceRange,
        );
      },
    );

    it.each([
      ['12.345'],
      ['-1'],
      ['-0'],
      ['1e3'],
      ['abc'],
      ['$25'],
      ['25.'],
      ['.5'],
      ['+5'],
      ['1,000'],
      ['0x10'],
      ['Infinity'],
      ['NaN'],
      ['25 50'],
      ['１２'],
      ['12345678'],
      ['9'.repeat(10_000)],
      [25],
      [25.5],
      [true],
      [['25']],
      [{ amount: '25' }],
    ])('refuses the price %j with 400 and a clear message', async (price) => {
      const { client } = await signedInCreator(app);
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '30' }).expect(200);
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: false, bookingPrice: price },
        400,
        Messages.invalidBookingPrice,
      );
    });

    it.each([
      ['"true" as text', { enableBooking: 'true', bookingPrice: '25' }],
      ['1', { enableBooking: 1, bookingPrice: '25' }],
      ['null', { enableBooking: null, bookingPrice: '25' }],
      ['nothing', { bookingPrice: '25' }],
    ])('refuses enableBooking given as %s with 400', async (_name, body) => {
      const { client } = await signedInCreator(app);
      await expectRefused(client, '/api/users/booking-settings', body, 400, Messages.enableBookingBoolean);
    });

    it('refuses to enable booking without a price', async () => {
      const { client } = await signedInCreator(app);
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: true },
        400,
        Messages.bookingPriceRequired,
      );
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: true, bookingPrice: null },
        400,
        Messages.bookingPriceRequired,
      );
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: true, bookingPrice: '' },
        400,
        Messages.bookingPriceRequired,
      );
    });

    it('keeps, replaces and clears the stored price as the creator asks', async () => {
      const { client, details } = await signedInCreator(app);
      await client.put('/api/users/booking-settings').send({ enableBooking: false, bookingPrice: '30' }).expect(200);
      expect(await own(client)).toMatchObject({ enableBooking: false, bookingPrice: 3000 });

      await client.put('/api/users/booking-settings').send({ enableBooking: true }).expect(200);
      expect(await own(client)).toMatchObject({ enableBooking: true, bookingPrice: 3000 });
      const page = await agent(app).get(`/api/users/${details.username}`).expect(200);
      expect(page.body.user).toMatchObject({ enableBooking: true, bookingPrice: 3000 });

      // A price cannot be removed while booking stays on.
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: true, bookingPrice: null },
        400,
        Messages.bookingPriceRequired,
      );

      await client.put('/api/users/booking-settings').send({ enableBooking: false }).expect(200);
      expect(await own(client)).toMatchObject({ enableBooking: false, bookingPrice: 3000 });

      await client.put('/api/users/booking-settings').send({ enableBooking: false, bookingPrice: null }).expect(200);
      expect(await own(client)).toMatchObject({ enableBooking: false, bookingPrice: null });
      const after = await agent(app).get(`/api/users/${details.username}`).expect(200);
      expect(after.body.user).toMatchObject({ enableBooking: false, bookingPrice: null });
    });

    it('refuses amounts and other fields a client must not send', async () => {
      const { client } = await signedInCreator(app);
      await expectRefused(
        client,
        '/api/users/booking-settings',
        { enableBooking: true, bookingPrice: '25', bookingPriceCents: 1 },
        400,
        Messages.unexpectedField('bookingPriceCents'),
      );
    });
  });

  it('changes only the signed-in creator', async () => {
    const first = await signedInCreator(app);
    const second = await signedInCreator(app, { username: unique('second') });
    const secondBefore = await own(second.client);
    await first.client.put('/api/users/template').send({ theme: 'dark', backgroundColor: '#ffffff' }).expect(200);
    await first.client
      .put('/api/users/payout-settings')
      .send({ paypalEmail: 'first@example.com', cashappHandle: 'first' })
      .expect(200);
    await first.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '12' }).expect(200);
    expect(await own(second.client)).toEqual(secondBefore);
  });
});

import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { Messages, PRODUCT_COVER_PIXELS, PRODUCTS_PER_CREATOR, ProductMessages, type ProductView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';
import { addProduct, download, localDisk, S3_ENV, uploadedFile } from './support/product-stores.js';

const store = localDisk();
const PDF = Buffer.from('%PDF-1.4\nA tiny guide\n');
const SECRET_URL = 'https://course.example.com/members/very-secret-token';

describe('products (issue 27)', () => {
  let app: INestApplication;
  const db = new Database();

  beforeAll(async () => {
    await store.setUp();
    app = await startApp();
  });

  afterAll(async () => {
    await app.close();
    await db.close();
    await store.tearDown();
    for (const name of S3_ENV) delete process.env[name];
  });

  const list = async (client: Agent) => (await client.get('/api/products').expect(200)).body as ProductView[];
  const coverURL = async (client: Agent) => {
    const { uploadURL } = (await client.post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    expect(await store.put(client, uploadURL, png)).toBe(200);
    return uploadURL;
  };

  it('creates, reads, changes, reorders and deletes products', async () => {
    const { client } = await signedInCreator(app);
    const guide = await addProduct(client, {
      title: '  Field guide  ',
      description: 'Line one\r\nLine two <b>bold</b>',
      priceCents: 1200,
      fileURL: await uploadedFile(store, client, PDF),
      fileName: 'guide.pdf',
      coverURL: await coverURL(client),
    });
    expect(guide).toMatchObject({
      title: 'Field guide',
      description: 'Line one\nLine two <b>bold</b>',
      priceCents: 1200,
      minPriceCents: null,
      file: { name: 'guide.pdf', contentType: 'application/pdf', size: PDF.length },
      privateUrl: null,
      visible: true,
      order: 0,
    });
    const cover = await download(app, agent(app), guide.coverURL!);
    expect(cover.status).toBe(200);
    expect(await sharp(cover.body).metadata()).toMatchObject({ format: 'webp', width: PRODUCT_COVER_PIXELS, height: PRODUCT_COVER_PIXELS });

    const course = await addProduct(client, { title: 'Course', minPriceCents: 500, privateUrl: SECRET_URL, visible: false });
    expect(course).toMatchObject({ priceCents: null, minPriceCents: 500, privateUrl: SECRET_URL, file: null, visible: false, order: 1 });
    expect((await list(client)).map((p) => p.id)).toEqual([guide.id, course.id]);
    expect((await client.get(`/api/products/${course.id}`).expect(200)).body).toEqual(course);

    const changed = (await client.put(`/api/products/${guide.id}`).send({ priceCents: null, minPriceCents: 300, title: 'Guide' }).expect(200))
      .body as ProductView;
    expect(changed).toMatchObject({ title: 'Guide', priceCents: null, minPriceCents: 300, file: guide.file });
    const switched = (await client.put(`/api/products/${guide.id}`).send({ privateUrl: SECRET_URL, coverURL: null }).expect(200)).body;
    expect(switched).toMatchObject({ file: null, privateUrl: SECRET_URL, coverURL: null });
    expect((await download(app, agent(app), guide.coverURL!)).status).toBe(404);

    const reordered = (await client.put('/api/products/order').send({ ids: [course.id, guide.id] }).expect(200)).body as ProductView[];
    expect(reordered.map((p) => [p.id, p.order])).toEqual([[course.id, 0], [guide.id, 1]]);
    await client.put('/api/products/order').send({ ids: [course.id] }).expect(400);

    expect((await client.delete(`/api/products/${course.id}`).expect(200)).body).toEqual({ message: ProductMessages.deleted });
    expect((await list(client)).map((p) => p.id)).toEqual([guide.id]);
  });

  it.each([
    ['no title', { priceCents: 500 }, ProductMessages.titleRequired],
    ['a blank title', { title: '   ', priceCents: 500 }, ProductMessages.titleRequired],
    ['a title of 101 characters', { title: 'x'.repeat(101), priceCents: 500 }, ProductMessages.titleTooLong],
    ['a description of 5001 characters', { title: 'A', priceCents: 500, description: 'x'.repeat(5001) }, ProductMessages.descriptionTooLong],
    ['no price', { title: 'A' }, ProductMessages.priceRequired],
    ['both prices', { title: 'A', priceCents: 500, minPriceCents: 500 }, ProductMessages.onePrice],
    ['a price of 99 cents', { title: 'A', priceCents: 99 }, ProductMessages.priceInvalid],
    ['a price over $10,000', { title: 'A', priceCents: 1_000_001 }, ProductMessages.priceInvalid],
    ['a price in dollars', { title: 'A', priceCents: 12.5 }, ProductMessages.priceInvalid],
    ['a price as text', { title: 'A', priceCents: '1200' }, ProductMessages.priceInvalid],
    ['a minimum of 99 cents', { title: 'A', minPriceCents: 99 }, ProductMessages.minPriceInvalid],
    ['an http private URL', { title: 'A', priceCents: 500, privateUrl: 'http://x.example.com/a' }, ProductMessages.privateUrlInvalid],
    ['a javascript: private URL', { title: 'A', priceCents: 500, privateUrl: 'javascript:alert(1)' }, ProductMessages.privateUrlInvalid],
    ['a file and a private URL', { title: 'A', priceCents: 500, privateUrl: SECRET_URL, fileURL: 'https://x.example.com/f' }, ProductMessages.oneDelivery],
    ['a file from elsewhere', { title: 'A', priceCents: 500, fileURL: 'https://evil.example.com/objects/x' }, ProductMessages.fileURLInvalid],
    ['a cover from elsewhere', { title: 'A', priceCents: 500, coverURL: 'https://evil.example.com/a.png' }, Messages.imageNotFromUs],
    ['visible as text', { title: 'A', priceCents: 500, visible: 'yes' }, ProductMessages.visibleInvalid],
  ])('refuses %s with a message and keeps nothing', async (_label, body, message) => {
    const { client } = await signedInCreator(app);
    const answer = await client.post('/api/products').send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await list(client)).toEqual([]);
  });

  it('refuses bad changes with a message and changes nothing', async () => {
    const { client } = await signedInCreator(app);
    const product = await addProduct(client, { title: 'A', priceCents: 500, privateUrl: SECRET_URL });
    for (const [body, message] of [
      [{}, ProductMessages.nothingToUpdate],
      [{ priceCents: 700, minPriceCents: 300 }, ProductMessages.onePrice],
      [{ title: 'B', privateUrl: 'ftp://x.example.com' }, ProductMessages.privateUrlInvalid],
      [{ title: 'B', coverURL: 'https://evil.example.com/a.png' }, Messages.imageNotFromUs],
    ] as const) {
      const answer = await client.put(`/api/products/${product.id}`).send(body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message });
    }
    expect((await list(client))[0]).toEqual(product);
  });

  it('answers 404 for another creator’s product and leaves it alone', async () => {
    const alice = await signedInCreator(app);
    const bob = await signedInCreator(app);
    const bobs = await addProduct(bob.client, { title: 'Bob’s', priceCents: 500, privateUrl: SECRET_URL });
    for (const answer of [
      await alice.client.get(`/api/products/${bobs.id}`),
      await alice.client.put(`/api/products/${bobs.id}`).send({ title: 'Mine now' }),
      await alice.client.delete(`/api/products/${bobs.id}`),
      await alice.client.get('/api/products/not-a-uuid'),
    ]) {
      expect(answer.body).toEqual({ statusCode: 404, message: ProductMessages.notFound });
    }
    await alice.client.put('/api/products/order').send({ ids: [bobs.id] }).expect(400);
    expect(await list(bob.client)).toEqual([bobs]);
    await agent(app).get('/api/products').expect(401);
  });

  it(`allows ${PRODUCTS_PER_CREATOR} products per creator`, async () => {
    const { client } = await signedInCreator(app);
    for (let i = 0; i < PRODUCTS_PER_CREATOR; i++) await addProduct(client, { title: `P${i}`, priceCents: 100 });
    const answer = await client.post('/api/products').send({ title: 'One more', priceCents: 100 });
    expect(answer.body).toEqual({ statusCode: 400, message: ProductMessages.tooMany });
  });

  it('refuses a product file over 250 MB before any upload, and an image upload over 5 MB still', async () => {
    const { client } = await signedInCreator(app);
    const big = await client.post('/api/objects/upload').send({ purpose: 'product-file', size: 250 * 1024 * 1024 + 1 });
    expect(big.body).toEqual(expect.objectContaining({ statusCode: 400, message: ProductMessages.fileTooLarge }));
    const image = await client.post('/api/objects/upload').send({ size: 5 * 1024 * 1024 + 1 });
    expect(image.body.message).toBe(Messages.uploadTooLarge);
  });

  it('shows visible products that can be sold on the bio page and their own page, never the private URL', async () => {
    const { client, details } = await signedInCreator(app);
    const sold = await addProduct(client, {
      title: 'Presets <pack>',
      description: 'First line\nSecond <script>alert(1)</script>',
      priceCents: 1200,
      privateUrl: SECRET_URL,
      coverURL: await coverURL(client),
    });
    const pwyw = await addProduct(client, { title: 'Zine', minPriceCents: 500, fileURL: await uploadedFile(store, client, PDF) });
    const hidden = await addProduct(client, { title: 'Hidden thing', priceCents: 900, privateUrl: SECRET_URL, visible: false });
    const nothing = await addProduct(client, { title: 'Draft thing', priceCents: 900 });
    const other = await signedInCreator(app);
    const othersProduct = await addProduct(other.client, { title: 'Not yours', priceCents: 900, privateUrl: SECRET_URL });

    const page = await agent(app).get(`/${details.username}`).expect(200);
    expect(page.text).toContain('Presets &lt;pack&gt;');
    expect(page.text).toContain('$12.00');
    expect(page.text).toContain('From $5.00');
    expect(page.text).toContain(`href="/${details.username}/products/${sold.id}"`);
    expect(page.text.indexOf(sold.id)).toBeLessThan(page.text.indexOf(pwyw.id));
    expect(page.text).not.toContain('Hidden thing');
    expect(page.text).not.toContain('Draft thing');
    expect(page.text).not.toContain('very-secret-token');
    const profile = await agent(app).get(`/api/users/${details.username}`).expect(200);
    expect(JSON.stringify(profile.body)).not.toContain('very-secret-token');

    const own = await agent(app).get(`/${details.username}/products/${sold.id}`).expect(200);
    expect(own.headers['content-type']).toMatch(/^text\/html/);
    expect(own.text).toContain('<h1>Presets &lt;pack&gt;</h1>');
    expect(own.text).toContain('First line\nSecond &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(own.text).not.toContain('<script>alert(1)');
    expect(own.text).not.toContain('very-secret-token');
    const data = /<div id="checkout-root" data-checkout="([^"]*)"/.exec(own.text)?.[1];
    const checkout = JSON.parse(data!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
    expect(checkout).toEqual({ kind: 'product', username: details.username, productId: sold.id, title: 'Presets <pack>', priceCents: 1200, minPriceCents: null, offersList: false, attribution: null });

    for (const path of [
      `/${details.username}/products/${hidden.id}`,
      `/${details.username}/products/${nothing.id}`,
      `/${details.username}/products/${othersProduct.id}`,
      `/${details.username}/products/not-a-product`,
    ]) {
      const answer = await agent(app).get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.text).toContain('<h1>Product Not Found</h1>');
    }
    await client.delete(`/api/products/${sold.id}`).expect(200);
    expect((await agent(app).get(`/${details.username}/products/${sold.id}`)).status).toBe(404);
    expect((await agent(app).get(`/${details.username}`)).text).not.toContain('Presets');
  });
});

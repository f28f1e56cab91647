import { createHash, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  MULTIPART_PART_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  ProductMessages,
  UploadMessages,
  type ProductView,
  type UploadParametersResponse,
} from '@linkbio/shared-contracts';
import { ProductCatalog } from '../src/modules/products/application/ports/product-catalog.js';
import { ObjectStorage } from '../src/modules/media/application/ports/object-storage.js';
import { DownloadLinks } from '../src/modules/products/application/download-links.js';
import { agent, Database, signedInCreator, startApp } from './support/harness.js';
import { addProduct, download, localDisk, S3_ENV, s3Store, uploadedFile } from './support/product-stores.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PDF-looking file of random bytes: its type is told from the first bytes, its content checked by hash. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

describe.each([localDisk(), s3Store('linkbio-products')])('product files and signed downloads ($name)', (store) => {
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

  const linkPath = async (productId: string) => {
    const link = await app.get(ProductCatalog).downloadLink(productId);
    expect(link).toMatch(/\/api\/downloads\/[^/]+$/);
    return new URL(link!, 'http://x.invalid').pathname;
  };

  it('stores the exact bytes (over the images’ 5 MB) and serves them through a signed link as an attachment', async () => {
    const { client } = await signedInCreator(app);
    const bytes = pdf(6 * 1024 * 1024 + 123);
    const product = await addProduct(client, {
      title: 'Field guide',
      priceCents: 1200,
      fileURL: await uploadedFile(store, client, bytes),
      fileName: 'Guide – été.pdf',
    });
    expect(product.file).toEqual({ name: 'Guide – été.pdf', contentType: 'application/pdf', size: bytes.length });

    const answer = await download(app, agent(app), await linkPath(product.id));

    expect(answer.status).toBe(200);
    expect(sha256(answer.body)).toBe(sha256(bytes));
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-length']).toBe(String(bytes.length));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Guide _ _t_.pdf"; filename*=UTF-8''Guide%20%E2%80%93%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('refuses an altered or expired link, and a link to a file since replaced', async () => {
    const { client } = await signedInCreator(app);
    const product = await addProduct(client, { title: 'Pack', minPriceCents: 500, fileURL: await uploadedFile(store, client, pdf(2000)) });
    const path = await linkPath(product.id);
    const [id, expires, signature] = path.split('/').pop()!.split('.');

    const altered = await agent(app).get(`/api/downloads/${id}.${Number(expires) + 3600}.${signature}`);
    expect(altered.status).toBe(403);
    expect(altered.body.message).toBe(ProductMessages.downloadLinkInvalid);

    const [{ file_key: key }] = (await db.query<{ file_key: string }>('select file_key from products where id = $1', [product.id])).rows;
    const old = app.get(DownloadLinks).token(product.id, key, new Date(Date.now() - 6 * 60 * 1000));
    const expired = await agent(app).get(`/api/downloads/${old}`);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(ProductMessages.downloadLinkExpired);

    await client.put(`/api/products/${product.id}`).send({ fileURL: await uploadedFile(store, client, pdf(3000)) }).expect(200);
    expect((await agent(app).get(path)).status).toBe(403);
    expect((await download(app, agent(app), await linkPath(product.id))).body.length).toBe(3000);
  });

  it('has no link for a product that delivers a private URL, or is deleted', async () => {
    const { client } = await signedInCreator(app);
    const byUrl = await addProduct(client, { title: 'Course', priceCents: 900, privateUrl: 'https://course.example.com/secret' });
    expect(await app.get(ProductCatalog).downloadLink(byUrl.id)).toBeNull();
    expect(await app.get(ProductCatalog).delivery(byUrl.id)).toEqual({ kind: 'url', url: 'https://course.example.com/secret' });

    const withFile = await addProduct(client, { title: 'Zip', priceCents: 900, fileURL: await uploadedFile(store, client, pdf(100)) });
    const path = await linkPath(withFile.id);
    const [{ file_key: key }] = (await db.query<{ file_key: string }>('select file_key from products where id = $1', [withFile.id])).rows;
    await client.delete(`/api/products/${withFile.id}`).expect(200);
    expect(await app.get(ObjectStorage).size(key)).toBeNull();
    expect(await app.get(ProductCatalog).downloadLink(withFile.id)).toBeNull();
    expect((await agent(app).get(path)).status).toBe(403);
  });

  it('refuses programs, web pages and unknown types by their bytes, whatever their name, and keeps nothing', async () => {
    const { client } = await signedInCreator(app);
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(200)]), 'guide.pdf', ProductMessages.fileTypeDangerous],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'notes.txt', ProductMessages.fileTypeDangerous],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.png', ProductMessages.fileTypeDangerous],
      [Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]), 'data.zip', ProductMessages.fileTypeRefused],
    ];
    for (const [bytes, fileName, message] of cases) {
      const answer = await client.post('/api/products').send({ title: 'Bad', priceCents: 500, fileURL: await uploadedFile(store, client, bytes), fileName });
      expect({ fileName, status: answer.status, message: answer.body.message }).toEqual({ fileName, status: 400, message });
    }
    expect((await client.get('/api/products').expect(200)).body as ProductView[]).toEqual([]);
  });

  it('exports the products, and deleting the account deletes them with their covers and files', async () => {
    const { client } = await signedInCreator(app);
    const product = await addProduct(client, { title: 'Pack', priceCents: 700, fileURL: await uploadedFile(store, client, pdf(500)), fileName: 'pack.pdf' });
    const course = await addProduct(client, { title: 'Course', minPriceCents: 300, privateUrl: 'https://course.example.com/x', visible: false });
    const data = (await client.get('/api/users/me/export').expect(200)).body as { products: unknown[] };
    expect(data.products).toEqual([
      expect.objectContaining({ id: product.id, title: 'Pack', priceCents: 700, file: { name: 'pack.pdf', contentType: 'application/pdf', size: 500 } }),
      expect.objectContaining({ id: course.id, minPriceCents: 300, privateUrl: 'https://course.example.com/x', visible: false }),
    ]);
    const path = await linkPath(product.id);
    const [{ file_key: key }] = (await db.query<{ file_key: string }>('select file_key from products where id = $1', [product.id])).rows;
    expect(await app.get(ObjectStorage).size(key)).toBe(500);

    await client.delete('/api/users/me').send({ password: 'correct horse' }).expect(200);

    expect((await db.query('select id from products where id = any($1::uuid[])', [[product.id, course.id]])).rows).toEqual([]);
    expect((await agent(app).get(path)).status).toBe(403);
    expect(await app.get(ObjectStorage).size(key)).toBeNull();
  });

  it('takes a file over 64 MB in parts on S3 (one streamed PUT on the local disk), byte for byte', async () => {
    const { client } = await signedInCreator(app);
    const bytes = pdf(MULTIPART_THRESHOLD_BYTES + 3 * 1024 * 1024 + 17);
    const answer = (await client.post('/api/objects/upload').send({ purpose: 'product-file', size: bytes.length }).expect(200)).body as UploadParametersResponse;
    if (store.name === 'local disk') {
      expect(answer.multipart).toBeUndefined();
      expect(await store.put(client, answer.uploadURL, bytes)).toBe(200);
    } else {
      const { uploadId, partSize, partURLs } = answer.multipart!;
      expect(partURLs).toHaveLength(Math.ceil(bytes.length / MULTIPART_PART_BYTES));
      const parts = [];
      for (const [index, url] of partURLs.entries()) {
        const put = await fetch(url, { method: 'PUT', body: bytes.subarray(index * partSize, (index + 1) * partSize) });
        expect(put.status).toBe(200);
        parts.push({ partNumber: index + 1, etag: put.headers.get('etag')! });
      }
      const wrong = await client.post('/api/objects/upload/complete').send({ uploadURL: answer.uploadURL, uploadId, parts: [...parts].reverse() });
      expect(wrong.body).toEqual({ statusCode: 400, message: UploadMessages.multipartInvalid });
      const other = await signedInCreator(app);
      await other.client.post('/api/objects/upload/complete').send({ uploadURL: answer.uploadURL, uploadId, parts }).expect(403);
      await client.post('/api/objects/upload/complete').send({ uploadURL: answer.uploadURL, uploadId, parts }).expect(200);
    }
    const product = await addProduct(client, { title: 'Film', priceCents: 2500, fileURL: answer.uploadURL, fileName: 'film.pdf' });
    expect(product.file?.size).toBe(bytes.length);
    const downloaded = await download(app, agent(app), await linkPath(product.id));
    expect(downloaded.headers['content-length']).toBe(String(bytes.length));
    expect(sha256(downloaded.body)).toBe(sha256(bytes));
  }, 180_000); // 67 MB through the API and s3rver: longer than the default while the machine is busy
});

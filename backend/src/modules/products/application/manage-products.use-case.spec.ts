import { ProductMessages, UPLOADS_PER_HOUR } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { CheckedFileUploads } from '../../media/application/checked-file-uploads.js';
import { CheckedImageUploads } from '../../media/application/checked-image-uploads.js';
import { RequestUploadUseCase } from '../../media/application/request-upload.use-case.js';
import { fileKeyOwner } from '../../media/domain/object-keys.js';
import { InMemoryImageResizer } from '../../media/testing/in-memory-image-resizer.js';
import { InMemoryObjectStorage } from '../../media/testing/in-memory-object-storage.js';
import { InMemoryUploadGrants } from '../../media/testing/in-memory-upload-grants.js';
import { InMemoryProductRepository } from '../testing/in-memory-product.repository.js';
import { ManageProductsUseCase } from './manage-products.use-case.js';
import { ProductAssets } from './product-assets.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const ORIGIN = 'http://localhost:3000';
const PDF = Buffer.from('%PDF-1.7\nguide');
const ZIP = Buffer.from('PK\x03\x04\x14\x00rest', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

function setup() {
  const clock = new FixedClock();
  const storage = new InMemoryObjectStorage();
  const grants = new InMemoryUploadGrants();
  const repository = new InMemoryProductRepository();
  const request = new RequestUploadUseCase(storage, grants, new InMemoryRateLimit(clock, UPLOADS_PER_HOUR, 3600), clock);
  const assets = new ProductAssets(new CheckedImageUploads(storage, grants, clock), new CheckedFileUploads(storage, grants, clock), new InMemoryImageResizer(), storage);
  const products = new ManageProductsUseCase(repository, assets, clock);
  const uploaded = async (body: Buffer, userId = ALICE) => {
    const url = await request.execute(userId, ORIGIN, { purpose: 'product-file' });
    await storage.put(storage.keyFromURL(url)!, body, 'application/octet-stream');
    return url;
  };
  const storedKeys = () => [...storage.objects.keys()].sort();
  return { storage, repository, products, uploaded, storedKeys };
}

describe('ManageProductsUseCase', () => {
  it('keeps an uploaded file under the creator’s files, with the type its bytes show', async () => {
    const { products, uploaded, storage } = setup();
    const product = await products.create(ALICE, { title: 'Guide', priceCents: 900, fileURL: await uploaded(PDF), fileName: 'guide' }, ORIGIN);
    expect(product.file).toEqual({ key: expect.any(String), name: 'guide.pdf', contentType: 'application/pdf', size: PDF.length });
    expect(fileKeyOwner(product.file!.key)).toBe(ALICE);
    expect(storage.objects.get(product.file!.key)).toEqual(PDF);
    expect([...storage.objects.keys()].filter((key) => key.startsWith('uploads/'))).toEqual([]);
  });

  it('changes nothing when a change is refused, even after its cover was checked', async () => {
    const { products, uploaded, storedKeys, repository } = setup();
    const product = await products.create(ALICE, { title: 'Guide', priceCents: 900, fileURL: await uploaded(PDF) }, ORIGIN);
    const before = { stored: storedKeys(), row: await repository.findById(product.id) };
    const cover = await uploaded(PNG);
    const exe = await uploaded(Buffer.from('MZ\x90\x00', 'latin1'));

    await expect(products.update(ALICE, product.id, { title: 'New', coverURL: cover, fileURL: exe }, ORIGIN)).rejects.toEqual(
      aDomainError('invalid', ProductMessages.fileTypeDangerous),
    );
    expect(await repository.findById(product.id)).toEqual(before.row);
    expect(storedKeys()).toEqual([...before.stored, ...[cover, exe].map((url) => new URL(url).pathname.slice('/objects/'.length))].sort());
  });

  it('deletes the file it replaces, and the cover and file of a deleted product', async () => {
    const { products, uploaded, storedKeys } = setup();
    const product = await products.create(ALICE, { title: 'Guide', priceCents: 900, fileURL: await uploaded(PDF), coverURL: await uploaded(PNG) }, ORIGIN);
    const changed = await products.update(ALICE, product.id, { fileURL: await uploaded(ZIP) }, ORIGIN);
    expect(changed.file?.contentType).toBe('application/zip');
    expect(storedKeys()).toEqual([changed.coverKey, changed.file!.key].sort());

    const byUrl = await products.update(ALICE, product.id, { privateUrl: 'https://x.example.com/a' }, ORIGIN);
    expect(byUrl.file).toBeNull();
    expect(storedKeys()).toEqual([changed.coverKey]);
    await products.delete(ALICE, product.id);
    expect(storedKeys()).toEqual([]);
  });

  it('answers "not found" for another creator’s product before looking at any upload', async () => {
    const { products, uploaded } = setup();
    const bobs = await products.create(BOB, { title: 'Bob’s', priceCents: 900 }, ORIGIN);
    const mine = await uploaded(PDF);
    await expect(products.update(ALICE, bobs.id, { fileURL: mine }, ORIGIN)).rejects.toEqual(aDomainError('not_found', ProductMessages.notFound));
    await expect(products.delete(ALICE, bobs.id)).rejects.toEqual(aDomainError('not_found', ProductMessages.notFound));
    // Alice's upload was not used up.
    await expect(products.create(ALICE, { title: 'Mine', priceCents: 900, fileURL: mine }, ORIGIN)).resolves.toBeDefined();
  });

  it('refuses someone else’s upload', async () => {
    const { products, uploaded } = setup();
    const bobsUpload = await uploaded(PDF, BOB);
    await expect(products.create(ALICE, { title: 'A', priceCents: 900, fileURL: bobsUpload }, ORIGIN)).rejects.toEqual(
      aDomainError('forbidden', ProductMessages.fileNotYours),
    );
  });
});

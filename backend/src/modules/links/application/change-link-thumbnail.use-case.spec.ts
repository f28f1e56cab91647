import { Messages, THUMBNAIL_MAX_BYTES, THUMBNAIL_PIXELS, ThumbnailMessages, UPLOADS_PER_HOUR } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { CheckedImageUploads } from '../../media/application/checked-image-uploads.js';
import { RequestUploadUseCase } from '../../media/application/request-upload.use-case.js';
import { imageKeyOwner } from '../../media/domain/object-keys.js';
import { fakeWebp, InMemoryImageResizer } from '../../media/testing/in-memory-image-resizer.js';
import { InMemoryObjectStorage } from '../../media/testing/in-memory-object-storage.js';
import { InMemoryUploadGrants } from '../../media/testing/in-memory-upload-grants.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { ChangeLinkThumbnailUseCase } from './change-link-thumbnail.use-case.js';
import { ChangeLinkUseCase } from './change-link.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const ORIGIN = 'http://localhost:3000';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

async function setup() {
  const clock = new FixedClock();
  const links = new InMemoryLinkRepository();
  const storage = new InMemoryObjectStorage();
  const grants = new InMemoryUploadGrants();
  const resizer = new InMemoryImageResizer();
  const request = new RequestUploadUseCase(storage, grants, new InMemoryRateLimit(clock, UPLOADS_PER_HOUR, 3600), clock);
  const thumbnails = new ChangeLinkThumbnailUseCase(links, new CheckedImageUploads(storage, grants, clock), resizer, storage, clock);
  const add = async (ownerId: string, title: string) => {
    const link = Link.create(ownerId, { title, url: 'https://example.com' }, clock.now());
    await links.addWithinLimit(link, null);
    return link;
  };
  const [mine, bobs] = [await add(ALICE, 'Shop'), await add(BOB, 'Bob’s')];
  /** An upload URL issued to `userId` and the file PUT to it. */
  const uploaded = async (body: Buffer, userId = ALICE) => {
    const url = await request.execute(userId, ORIGIN);
    await storage.put(storage.keyFromURL(url)!, body, 'application/octet-stream');
    return url;
  };
  const keyOf = (url: string) => storage.keyFromURL(url)!;
  return { clock, links, storage, grants, resizer, thumbnails, mine, bobs, uploaded, keyOf };
}

describe('ChangeLinkThumbnailUseCase', () => {
  it('makes a square WebP of the upload, keeps its address on the link and deletes the upload', async () => {
    const { links, storage, grants, resizer, thumbnails, mine, uploaded, keyOf } = await setup();
    const url = await uploaded(PNG);

    const link = await thumbnails.set(ALICE, mine.id, url, ORIGIN);

    expect(link.thumbnail).toMatch(/^\/objects\/users\/a3c8e2d4-1111-4a6b-9c0d-00000000000a\/[0-9a-f-]{36}\.webp$/);
    expect((await links.findOwned(ALICE, mine.id))!.thumbnail).toBe(link.thumbnail);
    const key = keyOf(link.thumbnail!);
    expect(storage.objects.get(key)).toEqual(fakeWebp(THUMBNAIL_PIXELS));
    expect(storage.contentTypes.get(key)).toBe('image/webp');
    expect(resizer.calls).toEqual([{ bytes: PNG, pixels: 88 }]);
    expect(await storage.size(keyOf(url))).toBeNull();
    expect((await grants.find(keyOf(url)))!.consumedAt).not.toBeNull();
  });

  it('deletes the thumbnail it replaces, and only that one', async () => {
    const { storage, thumbnails, mine, uploaded, keyOf } = await setup();
    const first = await thumbnails.set(ALICE, mine.id, await uploaded(PNG), ORIGIN);
    const second = await thumbnails.set(ALICE, mine.id, await uploaded(JPEG), ORIGIN);

    expect(second.thumbnail).not.toBe(first.thumbnail);
    expect(await storage.size(keyOf(first.thumbnail!))).toBeNull();
    expect(await storage.size(keyOf(second.thumbnail!))).not.toBeNull();
    expect([...storage.objects.keys()]).toEqual([keyOf(second.thumbnail!)]);
  });

  it('removes the thumbnail: the link shows its icon again and the file is deleted', async () => {
    const { links, storage, thumbnails, mine, uploaded, keyOf } = await setup();
    const set = await thumbnails.set(ALICE, mine.id, await uploaded(PNG), ORIGIN);

    const removed = await thumbnails.remove(ALICE, mine.id);

    expect(removed.thumbnail).toBeNull();
    expect((await links.findOwned(ALICE, mine.id))!.thumbnail).toBeNull();
    expect(await storage.size(keyOf(set.thumbnail!))).toBeNull();
    // Removing when there is none changes nothing.
    expect((await thumbnails.remove(ALICE, mine.id)).thumbnail).toBeNull();
  });

  it('answers "Link not found" for another creator’s link, before looking at the upload', async () => {
    const { links, storage, grants, resizer, thumbnails, bobs, uploaded, keyOf } = await setup();
    const url = await uploaded(PNG);

    await expect(thumbnails.set(ALICE, bobs.id, url, ORIGIN)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
    await expect(thumbnails.remove(ALICE, bobs.id)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
    await expect(thumbnails.set(ALICE, 'a3c8e2d4-1111-4a6b-9c0d-0000000000ff', url, ORIGIN)).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(resizer.calls).toEqual([]);
    expect((await grants.find(keyOf(url)))!.consumedAt).toBeNull();
    expect(await storage.size(keyOf(url))).toBe(PNG.length);
    expect((await links.findOwned(BOB, bobs.id))!.thumbnail).toBeNull();
  });

  it.each([
    ['a text file named .png', Buffer.from('just some notes, not a picture\n'), Messages.unsupportedImage],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Messages.unsupportedImage],
    ['a file over 5 MB', Buffer.concat([PNG, Buffer.alloc(THUMBNAIL_MAX_BYTES)]), ThumbnailMessages.thumbnailTooLarge],
    ['an empty file', Buffer.alloc(0), Messages.imageMissing],
  ])('refuses %s with the product’s message and changes nothing', async (_label, body, message) => {
    const { links, storage, grants, thumbnails, mine, uploaded, keyOf } = await setup();
    const url = await uploaded(body);

    await expect(thumbnails.set(ALICE, mine.id, url, ORIGIN)).rejects.toEqual(aDomainError('invalid', message));
    expect((await links.findOwned(ALICE, mine.id))!.thumbnail).toBeNull();
    // The upload stays unclaimed: the daily sweep deletes it.
    expect((await grants.find(keyOf(url)))!.consumedAt).toBeNull();
    expect([...storage.objects.keys()].every((key) => imageKeyOwner(key) === null)).toBe(true);
  });

  it('refuses a file that starts like an image but cannot be decoded', async () => {
    const { links, resizer, thumbnails, mine, uploaded } = await setup();
    const broken = Buffer.concat([PNG, Buffer.from('garbage')]);
    resizer.undecodable.add(broken.toString('base64'));

    await expect(thumbnails.set(ALICE, mine.id, await uploaded(broken), ORIGIN)).rejects.toEqual(
      aDomainError('invalid', Messages.unsupportedImage),
    );
    expect((await links.findOwned(ALICE, mine.id))!.thumbnail).toBeNull();
  });

  it('refuses someone else’s upload, an upload used before and an address that is not ours', async () => {
    const { thumbnails, mine, uploaded } = await setup();
    await expect(thumbnails.set(ALICE, mine.id, await uploaded(PNG, BOB), ORIGIN)).rejects.toEqual(
      aDomainError('forbidden', Messages.imageNotYours),
    );
    const once = await uploaded(PNG);
    await thumbnails.set(ALICE, mine.id, once, ORIGIN);
    await expect(thumbnails.set(ALICE, mine.id, once, ORIGIN)).rejects.toEqual(aDomainError('invalid', Messages.imageAlreadyUsed));
    await expect(thumbnails.set(ALICE, mine.id, 'https://elsewhere.example/cat.png', ORIGIN)).rejects.toEqual(
      aDomainError('invalid', Messages.imageNotFromUs),
    );
  });

  it('deleting the link deletes its thumbnail file', async () => {
    const { clock, links, storage, thumbnails, mine, uploaded, keyOf } = await setup();
    const set = await thumbnails.set(ALICE, mine.id, await uploaded(PNG), ORIGIN);

    await new ChangeLinkUseCase(links, clock, storage).delete(ALICE, mine.id);

    expect(await links.findOwned(ALICE, mine.id)).toBeNull();
    expect(await storage.size(keyOf(set.thumbnail!))).toBeNull();
  });

  it('keeps nothing when the link is deleted while its thumbnail is being made', async () => {
    const { clock, links, storage, resizer, thumbnails, mine, uploaded } = await setup();
    const squareWebp = resizer.squareWebp.bind(resizer);
    resizer.squareWebp = async (bytes, pixels) => {
      await new ChangeLinkUseCase(links, clock, storage).delete(ALICE, mine.id);
      return squareWebp(bytes, pixels);
    };

    await expect(thumbnails.set(ALICE, mine.id, await uploaded(PNG), ORIGIN)).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect([...storage.objects.keys()].filter((key) => imageKeyOwner(key) !== null)).toEqual([]);
  });
});

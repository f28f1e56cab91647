import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages, UPLOADS_PER_HOUR } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { User } from '../../identity/domain/user.js';
import { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import { LocalDiskObjectStorage } from '../infrastructure/local-disk-object-storage.js';
import { InMemoryUploadGrants } from '../testing/in-memory-upload-grants.js';
import type { ObjectStorage } from './ports/object-storage.js';
import { ChangeImageUseCase, CHOOSE_GRACE_MS } from './change-image.use-case.js';
import { RequestUploadUseCase, UPLOAD_URL_TTL_MS } from './request-upload.use-case.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const ORIGIN = 'http://localhost:3000';

describe('ChangeImageUseCase', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkbio-change-image-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function setup() {
    const storage: ObjectStorage = new LocalDiskObjectStorage(root, 'a-signing-secret-of-at-least-32-characters');
    const grants = new InMemoryUploadGrants();
    const users = new InMemoryUserRepository();
    const clock = new FixedClock();
    const user = User.register({ username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: null }, clock.now());
    await users.add(user);
    const request = new RequestUploadUseCase(storage, grants, new InMemoryRateLimit(clock, UPLOADS_PER_HOUR, 3600), clock);
    const change = new ChangeImageUseCase(storage, grants, users, clock);
    const uploaded = async (body: Buffer) => {
      const url = await request.execute(user.id, ORIGIN);
      await storage.put(storage.keyFromURL(url, ORIGIN)!, body, 'image/png');
      return url;
    };
    return { storage, users, clock, user, change, uploaded };
  }

  it('sets the background, clears the colour and deletes the image it replaces', async () => {
    const { storage, users, user, change, uploaded } = await setup();
    const stored = await users.findById(user.id);
    stored!.changeTemplate({ backgroundColor: '#f0fdf4' });
    await users.save(stored!);
    const first = await change.execute(user.id, 'background', await uploaded(PNG), ORIGIN);
    expect(first.backgroundColor).toBeNull();
    expect(first.backgroundImage).toMatch(/\.png$/);
    const second = await change.execute(user.id, 'background', await uploaded(GIF), ORIGIN);
    expect(second.backgroundImage).toMatch(/\.gif$/);
    expect(await storage.size(storage.keyFromURL(first.backgroundImage!, '')!)).toBeNull();
    expect((await users.findById(user.id))!.backgroundImage).toBe(second.backgroundImage);
  });

  it('keeps an image that is still shown in the other slot', async () => {
    const { storage, user, change, uploaded } = await setup();
    const withAvatar = await change.execute(user.id, 'avatar', await uploaded(PNG), ORIGIN);
    const again = await change.execute(user.id, 'avatar', withAvatar.avatar!, ORIGIN);
    expect(again.avatar).toBe(withAvatar.avatar);
    expect(await storage.size(storage.keyFromURL(withAvatar.avatar!, '')!)).toBe(PNG.length);
  });

  it('sets the share image of the page preview, and keeps it while it is also shown elsewhere', async () => {
    const { storage, users, user, change, uploaded } = await setup();
    const shared = await change.execute(user.id, 'share', await uploaded(PNG), ORIGIN);
    expect(shared.seoImage).toMatch(/\.png$/);
    expect((await users.findById(user.id))!.seoImage).toBe(shared.seoImage);
    expect(shared.avatar).toBeNull();
    const replaced = await change.execute(user.id, 'share', await uploaded(GIF), ORIGIN);
    expect(replaced.seoImage).toMatch(/\.gif$/);
    expect(await storage.size(storage.keyFromURL(shared.seoImage!, '')!)).toBeNull();
  });

  it("accepts the upload URL with its query, as S3's presigned ones come (encoded slashes there)", async () => {
    const { user, change, uploaded } = await setup();
    const url = `${await uploaded(PNG)}&X-Amz-Credential=KEY%2F20261125%2Fus-east-1%2Fs3%2Faws4_request`;
    expect((await change.execute(user.id, 'avatar', url, ORIGIN)).avatar).toMatch(/\.png$/);
  });

  it('refuses encoded separators and traversal in the path, whatever the query', async () => {
    const { user, change, uploaded } = await setup();
    const url = new URL(await uploaded(PNG), ORIGIN);
    for (const path of [url.pathname.replace(/\/([^/]+)$/, '%2F$1'), url.pathname.replace('/objects/', '/objects/../objects/')]) {
      await expect(change.execute(user.id, 'avatar', `${ORIGIN}${path}${url.search}`, ORIGIN)).rejects.toThrow(Messages.imageNotFromUs);
    }
  });

  it('refuses an upload chosen long after its URL expired', async () => {
    const { clock, user, change, uploaded } = await setup();
    const url = await uploaded(PNG);
    clock.set(new Date(clock.now().getTime() + UPLOAD_URL_TTL_MS + CHOOSE_GRACE_MS + 1000));
    await expect(change.execute(user.id, 'avatar', url, ORIGIN)).rejects.toThrow(Messages.uploadLinkExpired);
  });

  it('refuses an upload whose file never arrived', async () => {
    const { user, change } = await setup();
    const url = await new RequestUploadUseCase(
      new LocalDiskObjectStorage(root, 'a-signing-secret-of-at-least-32-characters'),
      new InMemoryUploadGrants(),
      new InMemoryRateLimit(new FixedClock(), UPLOADS_PER_HOUR, 3600),
      new FixedClock(),
    ).execute(user.id, ORIGIN);
    await expect(change.execute(user.id, 'avatar', url, ORIGIN)).rejects.toThrow(Messages.imageNotYours);
  });
});

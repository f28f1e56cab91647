import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages, UPLOADS_PER_HOUR } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { LocalDiskObjectStorage } from '../infrastructure/local-disk-object-storage.js';
import { InMemoryUploadGrants } from '../testing/in-memory-upload-grants.js';
import { RequestUploadUseCase } from './request-upload.use-case.js';

const ORIGIN = 'http://localhost:3000';
const MAYA = randomUUID();
const ALEX = randomUUID();

describe('RequestUploadUseCase', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkbio-request-upload-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function setup() {
    const clock = new FixedClock('2026-03-02T12:00:00.000Z');
    const grants = new InMemoryUploadGrants();
    const storage = new LocalDiskObjectStorage(root, 'a-signing-secret-of-at-least-32-characters');
    const request = new RequestUploadUseCase(storage, grants, new InMemoryRateLimit(clock, UPLOADS_PER_HOUR, 3600), clock);
    return { clock, grants, request };
  }

  it(`issues ${UPLOADS_PER_HOUR} upload URLs an hour per creator, then refuses with the minutes to wait and issues nothing`, async () => {
    const { clock, grants, request } = setup();
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1) await request.execute(MAYA, ORIGIN);
    const issued = grants.keys().length;

    clock.set('2026-03-02T12:20:00.000Z');
    const refused = request.execute(MAYA, ORIGIN);

    await expect(refused).rejects.toEqual(aDomainError('too_many', Messages.tooManyUploads(40)));
    await expect(refused).rejects.toMatchObject({ details: { retryAfterSeconds: 40 * 60 } });
    expect(grants.keys()).toHaveLength(issued);
    await expect(request.execute(ALEX, ORIGIN)).resolves.toMatch(/^http/);

    clock.set('2026-03-02T13:00:00.000Z');
    await expect(request.execute(MAYA, ORIGIN)).resolves.toMatch(/^http/);
  });
});

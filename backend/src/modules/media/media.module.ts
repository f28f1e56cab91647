import { createHash } from 'node:crypto';
import { Module } from '@nestjs/common';
import { UPLOADS_PER_HOUR } from '@linkbio/shared-contracts';
import { type Env, sessionSecrets } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { IdentityModule } from '../identity/identity.module.js';
import { ChangeImageUseCase } from './application/change-image.use-case.js';
import { CheckedImageUploads } from './application/checked-image-uploads.js';
import { CheckedFileUploads } from './application/checked-file-uploads.js';
import { FileUploads } from './application/ports/file-uploads.js';
import { ImageResizer } from './application/ports/image-resizer.js';
import { ImageUploads } from './application/ports/image-uploads.js';
import { ObjectStorage } from './application/ports/object-storage.js';
import { UploadGrants } from './application/ports/upload-grants.js';
import { UploadRateLimit } from './application/ports/upload-rate-limit.js';
import { RequestUploadUseCase } from './application/request-upload.use-case.js';
import { MultipartUploadUseCase } from './application/multipart-upload.use-case.js';
import { MediaController } from './http/media.controller.js';
import { LocalDiskObjectStorage } from './infrastructure/local-disk-object-storage.js';
import { PgUploadGrants } from './infrastructure/pg-upload-grants.js';
import { S3ObjectStorage } from './infrastructure/s3-object-storage.js';
import { SharpImageResizer } from './infrastructure/sharp-image-resizer.js';

/** S3 when S3_BUCKET is set (architecture.md); otherwise files under OBJECTS_DIR served at /objects. */
export function createObjectStorage(env: Env): ObjectStorage {
  if (env.S3_BUCKET) {
    return new S3ObjectStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicBaseURL: env.S3_PUBLIC_BASE_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    });
  }
  const secrets = env.OBJECT_SIGNING_SECRET
    ? [env.OBJECT_SIGNING_SECRET]
    : sessionSecrets(env).map((secret) => createHash('sha256').update(`linkbio-objects\n${secret}`).digest('base64url'));
  return new LocalDiskObjectStorage(env.OBJECTS_DIR, secrets);
}

/** Avatar and background uploads: upload URLs, checked images, the object store. */
@Module({
  imports: [IdentityModule],
  controllers: [MediaController],
  providers: [
    { provide: ObjectStorage, inject: [ENV], useFactory: createObjectStorage },
    { provide: UploadGrants, useClass: PgUploadGrants },
    rateLimitProvider(UploadRateLimit, 'upload_url', UPLOADS_PER_HOUR, 60 * 60),
    RequestUploadUseCase,
    MultipartUploadUseCase,
    ChangeImageUseCase,
    { provide: ImageUploads, useClass: CheckedImageUploads },
    { provide: ImageResizer, useClass: SharpImageResizer },
    { provide: FileUploads, useClass: CheckedFileUploads },
  ],
  exports: [ObjectStorage, UploadGrants, ImageUploads, ImageResizer, FileUploads],
})
export class MediaModule {}

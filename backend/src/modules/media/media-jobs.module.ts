import { Module } from '@nestjs/common';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ObjectStorage } from './application/ports/object-storage.js';
import { UploadGrants } from './application/ports/upload-grants.js';
import { SweepUploadsUseCase } from './application/sweep-uploads.use-case.js';
import { PgUploadGrants } from './infrastructure/pg-upload-grants.js';
import { MediaSweepProcessor } from './jobs/media-sweep.processor.js';
import { createObjectStorage } from './media.module.js';

/** The worker's side of media: the daily sweep of old upload grants and abandoned uploads (same store as the API). */
@Module({
  providers: [
    { provide: ObjectStorage, inject: [ENV], useFactory: createObjectStorage },
    { provide: UploadGrants, useClass: PgUploadGrants },
    SweepUploadsUseCase,
    MediaSweepProcessor,
  ],
  exports: [MediaSweepProcessor, SweepUploadsUseCase],
})
export class MediaJobsModule {}

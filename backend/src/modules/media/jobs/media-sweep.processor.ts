import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { SweepUploadsUseCase, type UploadSweep } from '../application/sweep-uploads.use-case.js';

/** Daily: upload grants expired over a day ago go, with the uploads never claimed (users/ images stay). */
@Injectable()
export class MediaSweepProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['media-sweep'] as const;

  constructor(private readonly sweep: SweepUploadsUseCase) {
    super();
  }

  process(): Promise<UploadSweep> {
    return this.sweep.execute();
  }
}

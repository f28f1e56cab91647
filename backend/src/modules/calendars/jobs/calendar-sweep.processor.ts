import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { CalendarSweepUseCase, type CalendarSweep } from '../application/calendar-sweep.use-case.js';

/** Every minute: connected calendars due are read again, paid sessions written into them, cancelled ones removed. */
@Injectable()
export class CalendarSweepProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['calendar-sweep'] as const;

  constructor(private readonly sweep: CalendarSweepUseCase) {
    super();
  }

  process(): Promise<CalendarSweep> {
    return this.sweep.execute();
  }
}

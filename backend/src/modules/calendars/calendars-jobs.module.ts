import { Module } from '@nestjs/common';
import { CalendarSweepUseCase } from './application/calendar-sweep.use-case.js';
import { CALENDAR_PROVIDERS } from './calendars.providers.js';
import { CalendarSweepProcessor } from './jobs/calendar-sweep.processor.js';

/** The worker's side of calendars: the sweep that reads connected calendars and writes sessions into them. */
@Module({
  providers: [...CALENDAR_PROVIDERS, CalendarSweepUseCase, CalendarSweepProcessor],
  exports: [CalendarSweepProcessor, CalendarSweepUseCase],
})
export class CalendarsJobsModule {}

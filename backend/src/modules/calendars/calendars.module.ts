import { Module } from '@nestjs/common';
import { CalendarBusyTimes } from './application/ports/calendar-busy-times.js';
import { PostgresCalendarBusyTimes } from './infrastructure/postgres-calendar-busy-times.js';

/**
 * The creator's own calendar: the busy times read from it (CalDAV) that remove overlapping open slots.
 * Scheduling reads them only through CalendarBusyTimes.
 */
@Module({
  providers: [{ provide: CalendarBusyTimes, useClass: PostgresCalendarBusyTimes }],
  exports: [CalendarBusyTimes],
})
export class CalendarsModule {}

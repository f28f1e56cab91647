import { Module } from '@nestjs/common';
import { CALENDAR_CONNECTS_PER_HOUR } from '@linkbio/shared-contracts';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { CalendarConnectionUseCase } from './application/calendar-connection.use-case.js';
import { CalendarBusyTimes } from './application/ports/calendar-busy-times.js';
import { CalendarConnectRateLimit } from './application/ports/calendar-connect-rate-limit.js';
import { CALENDAR_PROVIDERS } from './calendars.providers.js';
import { CalendarConnectionController } from './http/calendar-connection.controller.js';
import { PostgresCalendarBusyTimes } from './infrastructure/postgres-calendar-busy-times.js';

/**
 * The creator's own calendar (CalDAV with an app password): connected with PUT/GET/DELETE
 * /api/users/calendar-connection; the busy times read from it remove overlapping open slots, read by the
 * worker's sweep (CalendarsJobsModule), never during a page view. Scheduling reads them only through
 * CalendarBusyTimes.
 */
@Module({
  controllers: [CalendarConnectionController],
  providers: [
    { provide: CalendarBusyTimes, useClass: PostgresCalendarBusyTimes },
    ...CALENDAR_PROVIDERS,
    rateLimitProvider(CalendarConnectRateLimit, 'calendar_connect', CALENDAR_CONNECTS_PER_HOUR, 60 * 60),
    CalendarConnectionUseCase,
  ],
  exports: [CalendarBusyTimes],
})
export class CalendarsModule {}

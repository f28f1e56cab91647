import type { CalendarConnectionView } from '@linkbio/shared-contracts';
import { boolean, component, dateTime, nullable, objectOf, string } from '../../../shared/http/openapi/schema.js';

/** The calendar connection's answers, for the API description. */
export const CalendarConnection = component(
  'CalendarConnectionView',
  objectOf<CalendarConnectionView>()({
    url: { ...string, description: 'The calendar collection\'s CalDAV address.' },
    username: string,
    writeSessions: { ...boolean, description: 'Paid sessions are written into this calendar.' },
    lastReadAt: { ...nullable(dateTime), description: 'The last successful read; null before the first.' },
    lastError: { ...nullable(string), description: 'Why the last read or write failed; null when it went well.' },
  }),
);

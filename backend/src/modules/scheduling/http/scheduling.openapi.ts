import type { AvailabilityView, SlotsView, SlotView, WeeklyRangeView } from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, date, dateTime, integer, objectOf, string } from '../../../shared/http/openapi/schema.js';

/** The scheduling answers' shapes, for the API description. */

const WeeklyRange = component(
  'WeeklyRangeView',
  objectOf<WeeklyRangeView>()({
    day: { ...integer, minimum: 1, maximum: 7, description: 'ISO weekday: Monday = 1.' },
    start: { ...string, description: 'HH:MM in the creator\'s time zone.' },
    end: { ...string, description: 'HH:MM, after start (24:00: the end of the day).' },
  }),
);

export const Availability = component(
  'AvailabilityView',
  objectOf<AvailabilityView>()({
    timeZone: { ...string, description: 'IANA time zone, e.g. Europe/Berlin.' },
    sessionMinutes: integer,
    bufferMinutes: integer,
    minNoticeHours: integer,
    horizonDays: integer,
    weekly: arrayOf(WeeklyRange),
    datesOff: arrayOf(date),
    cancellationHours: integer,
  }),
);

const Slot = component('SlotView', objectOf<SlotView>()({ start: dateTime, end: dateTime }));

export const Slots = component(
  'SlotsView',
  objectOf<SlotsView>()({ timeZone: string, sessionMinutes: integer, scheduled: boolean, slots: arrayOf(Slot) }),
);

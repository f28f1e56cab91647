import type { AvailabilityView } from '@linkbio/shared-contracts';

/**
 * When a creator takes paid sessions, in their own time zone: the contract's view, as plain values (the
 * request was validated). `cancellationHours`: hours before the start inside which a visitor's cancellation
 * is not refunded.
 */
export type Availability = AvailabilityView;

/** What a creator who never saved availability has: no weekly hours, so bookings without set times. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'UTC',
  sessionMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 24,
  horizonDays: 60,
  weekly: [],
  datesOff: [],
  cancellationHours: 24,
};

/** A creator with booking on but no weekly hours keeps the unscheduled flow: no slot is picked. */
export const isScheduled = (availability: Availability): boolean => availability.weekly.length > 0;

/** The stored form: ranges in day and start order, dates off sorted without repeats, only known fields. */
export function normalizeAvailability(input: Availability, canonicalZone: string): Availability {
  return {
    timeZone: canonicalZone,
    sessionMinutes: input.sessionMinutes,
    bufferMinutes: input.bufferMinutes,
    minNoticeHours: input.minNoticeHours,
    horizonDays: input.horizonDays,
    weekly: input.weekly
      .map(({ day, start, end }) => ({ day, start, end }))
      .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)),
    datesOff: [...new Set(input.datesOff)].sort(),
    cancellationHours: input.cancellationHours,
  };
}

export const toAvailabilityView = (availability: Availability): AvailabilityView => ({
  ...availability,
  weekly: availability.weekly.map((range) => ({ ...range })),
  datesOff: [...availability.datesOff],
});

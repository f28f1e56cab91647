import icalGenerator, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { CALENDAR_FEED_NAME } from '@linkbio/shared-contracts';
import { feedEvent, type FeedSession } from '../domain/feed-session.js';

/** How often the feed asks calendar apps to read it again (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds. */
export const FEED_REFRESH_SECONDS = 30 * 60;

/**
 * The creator's sessions as an RFC 5545 calendar to subscribe to (METHOD:PUBLISH, named "Linkbio sessions"):
 * one event per session with the e-mailed invites' UID and SEQUENCE, STATUS:CANCELLED for those that will not
 * take place. Times in UTC, which every calendar shows in its own zone. `stamp`: when it was made (DTSTAMP).
 */
export function calendarFeedIcs(sessions: readonly FeedSession[], stamp: Date): string {
  const calendar = icalGenerator({
    prodId: { company: 'Linkbio', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: CALENDAR_FEED_NAME,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const session of sessions) {
    const event = feedEvent(session);
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp,
      start: event.start,
      end: event.end,
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

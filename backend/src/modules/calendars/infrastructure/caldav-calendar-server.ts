import icalGenerator from 'ical-generator';
import type { BusyTime } from '../application/ports/calendar-busy-times.js';
import { CalendarServer, type CalendarAccess, type SessionEvent, type WrittenEvent } from '../application/ports/calendar-server.js';
import { CalendarProblem } from '../domain/calendar-problem.js';
import { parseMultistatus } from './dav-xml.js';
import type { GuardedHttp, GuardedResponse } from './guarded-http.js';
import { busyTimesOf } from './ical-busy-times.js';

const XML = { 'content-type': 'application/xml; charset=utf-8' };

const PROPFIND_CALENDAR = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:resourcetype/><c:supported-calendar-component-set/></d:prop>
</d:propfind>`;

/** iCalendar's UTC form (20270101T100000Z), as the time-range filter takes it. */
const icalUtc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 4791 7.8.1: the events overlapping [from, to), recurring ones whose series reaches into it included. */
const eventsBetween = (from: Date, to: Date) => `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter>
    <c:comp-filter name="VCALENDAR">
      <c:comp-filter name="VEVENT"><c:time-range start="${icalUtc(from)}" end="${icalUtc(to)}"/></c:comp-filter>
    </c:comp-filter>
  </c:filter>
</c:calendar-query>`;

const basic = (access: CalendarAccess) => `Basic ${Buffer.from(`${access.username}:${access.password}`, 'utf8').toString('base64')}`;

/** The collection's address with one trailing slash, so an event's name joins it. */
const collectionOf = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** What a status says about the calendar, for the answers that are not the one expected. */
function problemOf(response: GuardedResponse): CalendarProblem {
  if (response.status === 401 || response.status === 403) return new CalendarProblem('refused');
  if (response.status >= 500) return new CalendarProblem('unreachable');
  return new CalendarProblem('not_calendar');
}

/**
 * CalendarServer over CalDAV with the product's own small client: PROPFIND to check that the address is a
 * calendar collection, REPORT calendar-query with a time range to read events, PUT and DELETE for the
 * sessions written. Every request goes through GuardedHttp (no private networks, a time limit, redirects
 * checked); sign-in is HTTP Basic with the app password, the scheme CalDAV providers give app passwords for.
 */
export class CalDavCalendarServer extends CalendarServer {
  constructor(private readonly http: GuardedHttp) {
    super();
  }

  async check(access: CalendarAccess): Promise<void> {
    const response = await this.http.request({
      method: 'PROPFIND',
      url: access.url,
      headers: { ...XML, depth: '0' },
      body: PROPFIND_CALENDAR,
      authorization: basic(access),
    });
    if (response.status !== 207) throw problemOf(response);
    const [resource] = parseMultistatus(response.body);
    if (!resource?.resourceTypes.includes('calendar')) throw new CalendarProblem('not_calendar');
  }

  async busyTimes(access: CalendarAccess, from: Date, to: Date, timeZone: string): Promise<BusyTime[]> {
    const response = await this.http.request({
      method: 'REPORT',
      url: access.url,
      headers: { ...XML, depth: '1' },
      body: eventsBetween(from, to),
      authorization: basic(access),
    });
    if (response.status !== 207) throw problemOf(response);
    try {
      const objects = parseMultistatus(response.body)
        .map((resource) => resource.props.get('calendar-data') ?? '')
        .filter((data) => data.includes('BEGIN:VCALENDAR'));
      return busyTimesOf(objects, from, to, timeZone);
    } catch {
      // A calendar whose events cannot be read is that calendar's problem, not the sweep's.
      throw new CalendarProblem('unreadable');
    }
  }

  async writeEvent(access: CalendarAccess, event: SessionEvent, href: string | null): Promise<WrittenEvent> {
    const target = href ? new URL(href, access.url).toString() : new URL(`${encodeURIComponent(event.uid.split('@')[0]!)}.ics`, collectionOf(access.url)).toString();
    const response = await this.http.request({
      method: 'PUT',
      url: target,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      body: icsOfSession(event),
      authorization: basic(access),
    });
    if (response.status < 200 || response.status >= 300) throw problemOf(response);
    const etag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
    return { href: new URL(target).pathname, etag };
  }

  async removeEvent(access: CalendarAccess, href: string): Promise<void> {
    const response = await this.http.request({ method: 'DELETE', url: new URL(href, access.url).toString(), headers: {}, authorization: basic(access) });
    // Already gone (the creator removed it themselves) counts as removed.
    if (response.status === 404 || response.status === 410) return;
    if (response.status < 200 || response.status >= 300) throw problemOf(response);
  }
}

/**
 * The session as a calendar object resource (RFC 4791 4.1: one event, no METHOD), in UTC. No attendees or
 * organizer: a calendar server would otherwise send invitations of its own to the visitor.
 */
export function icsOfSession(event: SessionEvent): string {
  const calendar = icalGenerator({ prodId: { company: 'Linkbio', product: 'Sessions', language: 'EN' } });
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: event.end,
    stamp: new Date(),
    summary: event.summary,
    description: event.description,
    location: event.location ?? undefined,
  });
  return calendar.toString();
}

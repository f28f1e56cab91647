import type { BusyTime } from '../application/ports/calendar-busy-times.js';
import { CalendarServer, type CalendarAccess, type SessionEvent, type WrittenEvent } from '../application/ports/calendar-server.js';
import { CalendarProblem, type CalendarProblemKind } from '../domain/calendar-problem.js';

/**
 * A calendar server held in memory, for unit tests: one calendar per address, signed in to with one password;
 * `down` makes every call fail as a server that cannot be reached.
 */
export class InMemoryCalendarServer extends CalendarServer {
  readonly calendars = new Map<string, { password: string; busy: BusyTime[]; events: Map<string, SessionEvent> }>();
  /** Set: every call fails with this problem. */
  failing: CalendarProblemKind | null = null;
  /** The time zones the reads were asked to use. */
  readonly zonesAsked: string[] = [];

  add(url: string, password: string, busy: BusyTime[] = []): void {
    this.calendars.set(url, { password, busy, events: new Map() });
  }

  private open(access: CalendarAccess) {
    if (this.failing) throw new CalendarProblem(this.failing);
    const calendar = this.calendars.get(access.url);
    if (!calendar) throw new CalendarProblem('not_calendar');
    if (calendar.password !== access.password) throw new CalendarProblem('refused');
    return calendar;
  }

  async check(access: CalendarAccess): Promise<void> {
    this.open(access);
  }

  async busyTimes(access: CalendarAccess, from: Date, to: Date, timeZone: string): Promise<BusyTime[]> {
    this.zonesAsked.push(timeZone);
    return this.open(access).busy.filter((time) => time.start < to && time.end > from);
  }

  async writeEvent(access: CalendarAccess, event: SessionEvent, href: string | null): Promise<WrittenEvent> {
    const target = href ?? `${access.url}${event.uid}.ics`;
    this.open(access).events.set(target, event);
    return { href: target, etag: `"${this.open(access).events.size}"` };
  }

  async removeEvent(access: CalendarAccess, href: string): Promise<void> {
    this.open(access).events.delete(href);
  }
}

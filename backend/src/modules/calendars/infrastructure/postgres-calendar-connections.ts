import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BookedLocation } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import type { BusyTime } from '../application/ports/calendar-busy-times.js';
import {
  CalendarConnections,
  type CalendarConnection,
  type ClaimedConnection,
  type EventToRemove,
  type SessionToWrite,
} from '../application/ports/calendar-connections.js';

interface ConnectionRow {
  creator_id: string;
  url: string;
  username: string;
  password_sealed: string;
  write_sessions: boolean;
  last_read_at: Date | null;
  last_error: string | null;
  time_zone?: string | null;
}

const toConnection = (row: ConnectionRow): CalendarConnection => ({
  creatorId: row.creator_id,
  url: row.url,
  username: row.username,
  passwordSealed: row.password_sealed,
  writeSessions: row.write_sessions,
  lastReadAt: row.last_read_at ? new Date(row.last_read_at) : null,
  lastError: row.last_error,
});

/** Bookings whose session goes ahead: paid (a partial refund included), at a set time. */
const GOING_AHEAD = `b.status in ('paid', 'partially_refunded') and b.slot_start is not null`;

/** Paid upcoming sessions of the creator (`creator`, an SQL reference) not in their calendar as booked (never written, or moved since). */
const toWrite = (creator: string) => `
  from bookings b left join calendar_written_events w on w.booking_id = b.id
 where b.creator_id = ${creator} and ${GOING_AHEAD} and b.slot_end > ?
   and (w.booking_id is null or w.slot_start <> b.slot_start)`;

/** Sessions written into the creator's calendar whose booking no longer goes ahead (or is gone). */
const toRemove = (creator: string) => `
  from calendar_written_events w left join bookings b on b.id = w.booking_id
 where w.creator_id = ${creator} and (b.id is null or not (${GOING_AHEAD}))`;

/** Busy times are written in one statement from arrays (a calendar holds at most a few thousand). */
async function replaceBusyTimes(em: EntityManager, creatorId: Id, busy: BusyTime[]): Promise<void> {
  await em.execute('delete from calendar_busy_times where creator_id = ?', [creatorId]);
  if (busy.length === 0) return;
  await em.execute(
    `insert into calendar_busy_times (creator_id, starts_at, ends_at)
     select ?, (t->>0)::timestamptz, (t->>1)::timestamptz from jsonb_array_elements(?::jsonb) as t`,
    [creatorId, JSON.stringify(busy.map((time) => [time.start.toISOString(), time.end.toISOString()]))],
  );
}

/** CalendarConnections over calendar_connections, calendar_busy_times and calendar_written_events. */
@Injectable()
export class PostgresCalendarConnections extends CalendarConnections {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async find(creatorId: Id): Promise<CalendarConnection | null> {
    const [row] = await this.em.execute<ConnectionRow[]>('select * from calendar_connections where creator_id = ?', [creatorId]);
    return row ? toConnection(row) : null;
  }

  async timeZoneOf(creatorId: Id): Promise<string> {
    const [row] = await this.em.execute<Array<{ time_zone: string }>>('select time_zone from availability where creator_id = ?', [creatorId]);
    return row?.time_zone ?? 'UTC';
  }

  async connect(connection: Omit<CalendarConnection, 'lastReadAt' | 'lastError'>, busy: BusyTime[], at: Date): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      // Another calendar: the sessions written into the one before stay there, as on disconnecting.
      await em.execute(
        `delete from calendar_written_events where creator_id = ?
            and exists (select 1 from calendar_connections where creator_id = ? and (url <> ? or username <> ?))`,
        [connection.creatorId, connection.creatorId, connection.url, connection.username],
      );
      await em.execute(
        `insert into calendar_connections (creator_id, url, username, password_sealed, write_sessions, connected_at, last_read_at, last_tried_at, last_error)
         values (?, ?, ?, ?, ?, ?, ?, ?, null)
         on conflict (creator_id) do update set url = excluded.url, username = excluded.username, password_sealed = excluded.password_sealed,
           write_sessions = excluded.write_sessions, connected_at = excluded.connected_at, last_read_at = excluded.last_read_at,
           last_tried_at = excluded.last_tried_at, last_error = null`,
        [connection.creatorId, connection.url, connection.username, connection.passwordSealed, connection.writeSessions, at, at, at],
      );
      await replaceBusyTimes(em, connection.creatorId, busy);
    });
  }

  async disconnect(creatorId: Id): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const removed = await em.execute<Array<{ creator_id: string }>>('delete from calendar_connections where creator_id = ? returning creator_id', [creatorId]);
      await em.execute('delete from calendar_busy_times where creator_id = ?', [creatorId]);
      await em.execute('delete from calendar_written_events where creator_id = ?', [creatorId]);
      return removed.length > 0;
    });
  }

  async claimDue(triedBefore: Date, at: Date, limit: number): Promise<ClaimedConnection[]> {
    const rows = await this.em.execute<ConnectionRow[]>(
      `with due as (
         select creator_id from calendar_connections where last_tried_at is null or last_tried_at < ?
          order by last_tried_at nulls first limit ? for update skip locked)
       update calendar_connections c set last_tried_at = ? from due where c.creator_id = due.creator_id
       returning c.*, (select a.time_zone from availability a where a.creator_id = c.creator_id) as time_zone`,
      [triedBefore, limit, at],
    );
    return rows.map((row) => ({ ...toConnection(row), timeZone: row.time_zone ?? 'UTC' }));
  }

  async recordRead(creatorId: Id, busy: BusyTime[], at: Date): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      // Disconnected meanwhile: nothing is kept.
      const [connected] = await em.execute('select 1 from calendar_connections where creator_id = ? for update', [creatorId]);
      if (!connected) return;
      await em.execute('update calendar_connections set last_read_at = ?, last_error = null where creator_id = ?', [at, creatorId]);
      await replaceBusyTimes(em, creatorId, busy);
    });
  }

  async recordFailure(creatorId: Id, message: string): Promise<void> {
    await this.em.execute('update calendar_connections set last_error = ? where creator_id = ?', [message.slice(0, 300), creatorId]);
  }

  async reseal(creatorId: Id, passwordSealed: string): Promise<void> {
    await this.em.execute('update calendar_connections set password_sealed = ? where creator_id = ?', [passwordSealed, creatorId]);
  }

  async withPendingWrites(now: Date, limit: number): Promise<CalendarConnection[]> {
    const rows = await this.em.execute<ConnectionRow[]>(
      `select c.* from calendar_connections c
        where (c.write_sessions and exists (select 1 ${toWrite('c.creator_id')})) or exists (select 1 ${toRemove('c.creator_id')})
        order by c.last_tried_at nulls first limit ?`,
      [now, limit],
    );
    return rows.map(toConnection);
  }

  async sessionsToWrite(creatorId: Id, now: Date, limit: number): Promise<SessionToWrite[]> {
    const rows = await this.em.execute<
      Array<{ id: string; slot_start: Date; slot_end: Date; session_name: string | null; customer_name: string; customer_email: string; location: BookedLocation | null; href: string | null }>
    >(
      `select b.id, b.slot_start, b.slot_end, b.session_name, b.customer_name, b.customer_email, b.location, w.href
         ${toWrite('?')} order by b.slot_start limit ?`,
      [creatorId, now, limit],
    );
    return rows.map((row) => ({
      bookingId: row.id,
      start: new Date(row.slot_start),
      end: new Date(row.slot_end),
      sessionName: row.session_name ?? 'Session',
      visitorName: row.customer_name,
      visitorEmail: row.customer_email,
      location: row.location,
      href: row.href,
    }));
  }

  async eventsToRemove(creatorId: Id, limit: number): Promise<EventToRemove[]> {
    const rows = await this.em.execute<Array<{ booking_id: string; href: string }>>(
      `select w.booking_id, w.href ${toRemove('?')} limit ?`,
      [creatorId, limit],
    );
    return rows.map((row) => ({ bookingId: row.booking_id, href: row.href }));
  }

  async markWritten(creatorId: Id, bookingId: Id, { href, etag }: { href: string; etag: string | null }, start: Date, at: Date): Promise<void> {
    await this.em.execute(
      `insert into calendar_written_events (booking_id, creator_id, href, etag, slot_start, written_at) values (?, ?, ?, ?, ?, ?)
       on conflict (booking_id) do update set href = excluded.href, etag = excluded.etag, slot_start = excluded.slot_start, written_at = excluded.written_at`,
      [bookingId, creatorId, href, etag, start, at],
    );
  }

  async forgetWritten(bookingId: Id): Promise<void> {
    await this.em.execute('delete from calendar_written_events where booking_id = ?', [bookingId]);
  }
}

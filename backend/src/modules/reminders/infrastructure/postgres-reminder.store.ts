import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { REMINDER_KINDS, type BookedLocation, type ReminderKind } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { LONGEST_LEAD_MS, REMINDED_STATUSES } from '../domain/reminder-rule.js';
import { ReminderStore, type UpcomingSession } from '../application/ports/reminder.store.js';

interface UpcomingRow {
  id: string;
  status: string;
  slot_start: Date;
  slot_end: Date;
  paid_at: Date;
  rescheduled_at: Date | null;
  session_name: string | null;
  location: BookedLocation | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  visitor_time_zone: string | null;
  visitor_locale: string | null;
  creator_id: string;
  display_name: string;
  username: string;
  email: string;
  time_zone: string;
  visitor_24h: boolean;
  visitor_1h: boolean;
  creator_24h: boolean;
  creator_1h: boolean;
  queued: string[];
}

const STATUSES = REMINDED_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Sessions to come within the longest lead, of accounts not deleted, with a reminder not queued for their
 * start; in start order, each booking row locked and those locked elsewhere skipped. The creator's zone is their
 * availability's (UTC without one); their switches all on without a saved row.
 */
const upcomingSql = (paged: boolean) => `
  select b.id, b.status, b.slot_start, b.slot_end, b.paid_at, b.rescheduled_at, b.session_name, b.location,
         b.customer_name, b.customer_email, b.customer_phone, b.visitor_time_zone, b.visitor_locale,
         u.id as creator_id, u.display_name, u.username, u.email, coalesce(a.time_zone, 'UTC') as time_zone,
         coalesce(s.visitor_24h, true) as visitor_24h, coalesce(s.visitor_1h, true) as visitor_1h,
         coalesce(s.creator_24h, true) as creator_24h, coalesce(s.creator_1h, true) as creator_1h,
         array(select r.kind::text from booking_reminders r where r.booking_id = b.id and r.slot_start = b.slot_start) as queued
    from bookings b
    join users u on u.id = b.creator_id and u.deleted_at is null
    left join availability a on a.creator_id = b.creator_id
    left join reminder_settings s on s.creator_id = b.creator_id
   where b.slot_start is not null and b.status in (${STATUSES})
     and b.slot_start > ? and b.slot_start <= ?
     and (select count(*) from booking_reminders r where r.booking_id = b.id and r.slot_start = b.slot_start) < ${REMINDER_KINDS.length}
     ${paged ? 'and (b.slot_start, b.id) > (?, ?::uuid)' : ''}
   order by b.slot_start, b.id
   limit ?
     for update of b skip locked`;

const toSession = (row: UpcomingRow): UpcomingSession => ({
  bookingId: row.id,
  status: row.status,
  slotStart: new Date(row.slot_start),
  slotEnd: new Date(row.slot_end),
  paidAt: new Date(row.paid_at),
  rescheduledAt: row.rescheduled_at ? new Date(row.rescheduled_at) : null,
  sessionName: row.session_name,
  location: row.location,
  visitor: {
    name: row.customer_name,
    email: row.customer_email,
    phone: row.customer_phone,
    timeZone: row.visitor_time_zone,
    locale: row.visitor_locale,
  },
  creator: { id: row.creator_id, displayName: row.display_name, username: row.username, email: row.email, timeZone: row.time_zone },
  settings: { visitor24h: row.visitor_24h, visitor1h: row.visitor_1h, creator24h: row.creator_24h, creator1h: row.creator_1h },
  queued: row.queued.filter((kind): kind is ReminderKind => (REMINDER_KINDS as readonly string[]).includes(kind)),
});

/** PostgreSQL, in plain SQL; the injected EntityManager joins the surrounding transaction. */
@Injectable()
export class PostgresReminderStore extends ReminderStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lockUpcoming(now: Date, limit: number, after: { slotStart: Date; bookingId: Id } | null): Promise<UpcomingSession[]> {
    const until = new Date(now.getTime() + LONGEST_LEAD_MS);
    const rows = await this.em.execute<UpcomingRow[]>(
      upcomingSql(after !== null),
      (after ? [now, until, after.slotStart, after.bookingId, limit] : [now, until, limit]) as never[],
    );
    return rows.map(toSession);
  }

  async record(bookingId: Id, kind: ReminderKind, slotStart: Date, now: Date): Promise<boolean> {
    const rows = await this.em.execute<Array<{ booking_id: string }>>(
      `insert into booking_reminders (booking_id, kind, slot_start, queued_at) values (?, ?, ?, ?)
       on conflict (booking_id, kind, slot_start) do nothing returning booking_id`,
      [bookingId, kind, slotStart, now],
    );
    return rows.length === 1;
  }
}

import {
  PAID_BOOKING_STATUSES,
  type BookedLocation,
  type BookingStatus,
  type IntakeAnswer,
} from '@linkbio/shared-contracts';
import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { FEED_SESSIONS_MAX, FeedSessions } from '../application/ports/feed-sessions.js';
import type { FeedSession } from '../domain/feed-session.js';

/** Read by the creator's sessions' times (bookings_creator_slot), paid ones only. */
const SESSIONS_SQL = `
  select id, session_name, customer_name, customer_email, customer_phone, message, slot_start, slot_end, status,
         invite_sequence, location, answers
    from bookings
   where creator_id = $1 and slot_start is not null and slot_end >= $2 and status = any($3::text[])
   order by slot_start, id
   limit $4`;

interface SessionRow {
  id: Id;
  session_name: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  message: string | null;
  slot_start: Date;
  slot_end: Date;
  status: BookingStatus;
  invite_sequence: number;
  location: BookedLocation | null;
  answers: IntakeAnswer[] | null;
}

/** The creator's sessions, read from the bookings table. */
export class PostgresFeedSessions extends FeedSessions {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async ofCreator(creatorId: Id, since: Date): Promise<FeedSession[]> {
    const { rows } = await this.pool.query<SessionRow>({
      name: 'calendar-feed-sessions',
      text: SESSIONS_SQL,
      values: [creatorId, since, PAID_BOOKING_STATUSES, FEED_SESSIONS_MAX],
    });
    return rows.map((row) => ({
      bookingId: row.id,
      sessionName: row.session_name,
      visitorName: row.customer_name,
      visitorEmail: row.customer_email,
      visitorPhone: row.customer_phone,
      message: row.message,
      start: row.slot_start,
      end: row.slot_end,
      status: row.status,
      inviteSequence: row.invite_sequence,
      location: row.location,
      answers: Array.isArray(row.answers) ? row.answers : [],
    }));
  }
}
